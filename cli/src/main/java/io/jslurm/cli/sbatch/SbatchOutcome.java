package io.jslurm.cli.sbatch;

import io.jslurm.cli.submit.JobSubmission;
import java.util.Objects;

/** What an sbatch command line asks for: a job to submit, or a text to print (help, usage, version). */
public sealed interface SbatchOutcome {

    record Submit(JobSubmission submission) implements SbatchOutcome {
        public Submit {
            Objects.requireNonNull(submission, "submission is null");
        }
    }

    record Print(String text) implements SbatchOutcome {
        public Print {
            Objects.requireNonNull(text, "text is null");
        }
    }
}
