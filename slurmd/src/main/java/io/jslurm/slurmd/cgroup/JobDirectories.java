package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Finding jobs and steps in {@link CgroupLayout}'s directory tree below {@code base}, whoever's uid holds them. */
record JobDirectories(CgroupLayout layout, Path base) {
    JobDirectories {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(base, "base");
    }

    /** The job's path, found under whichever {@code uid_*} directory holds it. */
    Optional<String> job(long jobId) {
        Path prefix = base.resolve(layout.prefix());
        String jobDir = CgroupLayout.JOB_PREFIX + jobId;
        for (String user : CgroupFiles.childNames(prefix, CgroupLayout.UID_PREFIX)) {
            if (Files.isDirectory(prefix.resolve(user).resolve(jobDir))) {
                return Optional.of(layout.prefix() + "/" + user + "/" + jobDir);
            }
        }
        return Optional.empty();
    }

    Optional<String> step(long jobId, StepName step) {
        return job(jobId).map(job -> job + "/" + step.directoryName())
                .filter(path -> Files.isDirectory(base.resolve(path)));
    }

    List<StepName> steps(long jobId) {
        return job(jobId)
                .map(job -> CgroupFiles.childNames(base.resolve(job), CgroupLayout.STEP_PREFIX).stream()
                        .map(StepName::fromDirectory).toList())
                .orElse(List.of());
    }

    /** Ids of the jobs with a directory, ascending. */
    List<Long> jobIds() {
        List<Long> ids = new ArrayList<>();
        Path prefix = base.resolve(layout.prefix());
        for (String user : CgroupFiles.childNames(prefix, CgroupLayout.UID_PREFIX)) {
            for (String job : CgroupFiles.childNames(prefix.resolve(user), CgroupLayout.JOB_PREFIX)) {
                parseId(job.substring(CgroupLayout.JOB_PREFIX.length())).ifPresent(ids::add);
            }
        }
        ids.sort(null);
        return ids;
    }

    private static Optional<Long> parseId(String text) {
        try {
            return Optional.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
