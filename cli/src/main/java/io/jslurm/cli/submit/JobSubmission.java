package io.jslurm.cli.submit;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A batch job as the client hands it over: everything the controller needs, with every default the client is
 * responsible for already applied, plus the flags that only change what the client does.
 *
 * @param name            {@code -J}; the script's file name, {@code wrap} or {@code sbatch} by default
 * @param scriptArguments the words after the script on the command line
 * @param workDir         {@code -D}, made absolute; the submitting directory by default
 * @param export          the {@code --export} rule that produced {@code environment}
 * @param environment     the job's environment, sorted by name
 * @param getUserEnv      {@code --get-user-env}: the node loads the user's login environment
 * @param mailUser        empty for the submitting user
 */
public record JobSubmission(
        Submitter submitter,
        String name,
        JobScript script,
        List<String> scriptArguments,
        String workDir,
        StandardStreams streams,
        Optional<OpenMode> openMode,
        Resources resources,
        Scheduling scheduling,
        ExportPolicy export,
        Map<String, String> environment,
        boolean getUserEnv,
        Set<MailType> mailTypes,
        Optional<String> mailUser,
        ClientFlags client) {

    public JobSubmission {
        Objects.requireNonNull(submitter, "submitter is null");
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(script, "script is null");
        scriptArguments = List.copyOf(scriptArguments);
        Objects.requireNonNull(workDir, "workDir is null");
        Objects.requireNonNull(streams, "streams is null");
        Objects.requireNonNull(openMode, "openMode is null");
        Objects.requireNonNull(resources, "resources is null");
        Objects.requireNonNull(scheduling, "scheduling is null");
        Objects.requireNonNull(export, "export is null");
        environment = Collections.unmodifiableMap(new TreeMap<>(environment));
        mailTypes = Set.copyOf(mailTypes);
        Objects.requireNonNull(mailUser, "mailUser is null");
        Objects.requireNonNull(client, "client is null");
    }

    /** The script's file as Slurm records it for Command=: relative names taken from the work directory. */
    public String scriptPath() {
        return script.path().map(path -> java.nio.file.Path.of(workDir).resolve(path).toString()).orElse("");
    }
}
