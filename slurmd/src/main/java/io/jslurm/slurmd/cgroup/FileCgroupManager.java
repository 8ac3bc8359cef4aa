package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creation and lookup shared by both versions; subclasses make directories and cgroup objects. */
abstract sealed class FileCgroupManager implements CgroupManager permits V1CgroupManager, V2CgroupManager {
    private static final Logger LOG = LoggerFactory.getLogger(FileCgroupManager.class);

    private final CgroupLayout layout;
    /** Held while directories are created or removed, so removing an empty parent cannot race a new child. */
    final Object treeLock = new Object();

    FileCgroupManager(CgroupLayout layout) {
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    /** The directory below which the layout's paths are looked up (v1: one controller's base). */
    abstract Path lookupBase();

    /** Creates the directories of {@code relative} that are missing, in every hierarchy. */
    abstract void createPath(String relative);

    abstract FileCgroup cgroupAt(String relative);

    @Override
    public CgroupLayout layout() {
        return layout;
    }

    @Override
    public Cgroup createJob(int uid, long jobId, CgroupLimits limits) {
        String path = layout.job(uid, jobId);
        synchronized (treeLock) {
            createPath(path);
        }
        return limited(path, limits);
    }

    @Override
    public Cgroup createStep(int uid, long jobId, StepName step, CgroupLimits limits) {
        String jobPath = layout.job(uid, jobId);
        String path = layout.step(uid, jobId, step);
        synchronized (treeLock) {
            if (!Files.isDirectory(lookupBase().resolve(jobPath))) {
                throw new CgroupException("cannot create step " + step + " of job " + jobId
                        + ": the job has no cgroup " + jobPath);
            }
            createPath(path);
        }
        return limited(path, limits);
    }

    private Cgroup limited(String path, CgroupLimits limits) {
        FileCgroup cgroup = cgroupAt(path);
        try {
            cgroup.applyLimits(limits);
        } catch (CgroupException e) {
            cgroup.remove();
            throw e;
        }
        LOG.info("created cgroup {} with limits {}", cgroup, limits);
        return cgroup;
    }

    @Override
    public Optional<Cgroup> findJob(long jobId) {
        return findJobPath(jobId).map(this::cgroupAt);
    }

    @Override
    public Optional<Cgroup> findStep(long jobId, StepName step) {
        return findJobPath(jobId).map(job -> job + "/" + step.directoryName())
                .filter(path -> Files.isDirectory(lookupBase().resolve(path)))
                .map(this::cgroupAt);
    }

    @Override
    public List<StepName> steps(long jobId) {
        return findJobPath(jobId)
                .map(job -> CgroupFiles.childNames(lookupBase().resolve(job), CgroupLayout.STEP_PREFIX).stream()
                        .map(StepName::fromDirectory).toList())
                .orElse(List.of());
    }

    @Override
    public List<Long> jobIds() {
        List<Long> ids = new ArrayList<>();
        Path prefix = lookupBase().resolve(layout.prefix());
        for (String user : CgroupFiles.childNames(prefix, CgroupLayout.UID_PREFIX)) {
            for (String job : CgroupFiles.childNames(prefix.resolve(user), CgroupLayout.JOB_PREFIX)) {
                parseId(job.substring(CgroupLayout.JOB_PREFIX.length())).ifPresent(ids::add);
            }
        }
        ids.sort(null);
        return ids;
    }

    /** The job's path, found under whichever {@code uid_*} directory holds it. */
    private Optional<String> findJobPath(long jobId) {
        Path prefix = lookupBase().resolve(layout.prefix());
        String jobDir = CgroupLayout.JOB_PREFIX + jobId;
        for (String user : CgroupFiles.childNames(prefix, CgroupLayout.UID_PREFIX)) {
            if (Files.isDirectory(prefix.resolve(user).resolve(jobDir))) {
                return Optional.of(layout.prefix() + "/" + user + "/" + jobDir);
            }
        }
        return Optional.empty();
    }

    private static Optional<Long> parseId(String text) {
        try {
            return Optional.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
