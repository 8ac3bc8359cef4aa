package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Jobs without cgroups, for a slurmd that is not root and cannot write the hierarchy: nothing is
 * confined, and each job's and step's processes are found by the session, process group and
 * process tree of the processes it started. The "cgroups" are directories below {@code stateDir}
 * in the usual layout, holding the ids of those processes, so a restarted slurmd finds its jobs.
 */
public final class NoCgroupManager implements CgroupManager {
    private final CgroupLayout layout;
    private final Path stateDir;
    private final Path proc;

    public NoCgroupManager(CgroupLayout layout, Path stateDir, Path proc) {
        this.layout = Objects.requireNonNull(layout, "layout");
        this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
        this.proc = Objects.requireNonNull(proc, "proc");
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.NONE;
    }

    @Override
    public CgroupLayout layout() {
        return layout;
    }

    @Override
    public Cgroup createJob(int uid, long jobId, CgroupLimits limits) {
        return create(layout.job(uid, jobId));
    }

    @Override
    public Cgroup createStep(int uid, long jobId, StepName step, CgroupLimits limits) {
        if (!Files.isDirectory(stateDir.resolve(layout.job(uid, jobId)))) {
            throw new CgroupException("cannot create step " + step + " of job " + jobId + ": the job has no entry "
                    + layout.job(uid, jobId));
        }
        return create(layout.step(uid, jobId, step));
    }

    private Cgroup create(String path) {
        try {
            Files.createDirectories(stateDir.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cgroupAt(path);
    }

    private NoCgroup cgroupAt(String path) {
        return new NoCgroup(path, stateDir, proc);
    }

    @Override
    public Optional<Cgroup> findJob(long jobId) {
        return findJobPath(jobId).map(this::cgroupAt);
    }

    @Override
    public Optional<Cgroup> findStep(long jobId, StepName step) {
        return findJobPath(jobId).map(job -> job + "/" + step.directoryName())
                .filter(path -> Files.isDirectory(stateDir.resolve(path)))
                .map(this::cgroupAt);
    }

    @Override
    public List<StepName> steps(long jobId) {
        return findJobPath(jobId)
                .map(job -> CgroupFiles.childNames(stateDir.resolve(job), CgroupLayout.STEP_PREFIX).stream()
                        .map(StepName::fromDirectory).toList())
                .orElse(List.of());
    }

    @Override
    public List<Long> jobIds() {
        List<Long> ids = new ArrayList<>();
        Path prefix = stateDir.resolve(layout.prefix());
        for (String user : CgroupFiles.childNames(prefix, CgroupLayout.UID_PREFIX)) {
            for (String job : CgroupFiles.childNames(prefix.resolve(user), CgroupLayout.JOB_PREFIX)) {
                String id = job.substring(CgroupLayout.JOB_PREFIX.length());
                if (!id.isEmpty() && id.chars().allMatch(Character::isDigit)) {
                    ids.add(Long.parseLong(id));
                }
            }
        }
        ids.sort(null);
        return ids;
    }

    private Optional<String> findJobPath(long jobId) {
        Path prefix = stateDir.resolve(layout.prefix());
        String jobDir = CgroupLayout.JOB_PREFIX + jobId;
        for (String user : CgroupFiles.childNames(prefix, CgroupLayout.UID_PREFIX)) {
            if (Files.isDirectory(prefix.resolve(user).resolve(jobDir))) {
                return Optional.of(layout.prefix() + "/" + user + "/" + jobDir);
            }
        }
        return Optional.empty();
    }
}
