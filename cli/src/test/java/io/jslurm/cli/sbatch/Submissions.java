package io.jslurm.cli.sbatch;

import io.jslurm.cli.submit.JobSubmission;
import java.util.List;
import java.util.Map;

/** Runs the parser the way the command does, for tests that look at the resulting submission. */
final class Submissions {

    private Submissions() {
    }

    static JobSubmission parse(String folder, Map<String, String> environment, String... args) {
        SbatchOutcome outcome = new SbatchParser(TestSystem.context(folder, environment)).parse(List.of(args));
        return ((SbatchOutcome.Submit) outcome).submission();
    }

    static JobSubmission parse(String folder, String... args) {
        return parse(folder, Map.of(), args);
    }
}
