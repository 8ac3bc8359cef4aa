package io.jslurm.cli.srun;

import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The step's stdout and stderr as srun writes them: to its own streams, or to the files {@code --output} and
 * {@code --error} name (one per task when the pattern holds {@code %t}); stderr follows stdout's file when only
 * {@code --output} is given. Files are written where srun runs.
 */
public final class StepOutputs {

    private final OutputStream terminalOut;
    private final OutputStream terminalErr;
    private final String outputPattern;
    private final String errorPattern;
    private final boolean label;
    private final String user;
    private final Map<String, OutputStream> files = new HashMap<>();
    private volatile StepLayout layout;
    private TaskOutput stdout;
    private TaskOutput stderr;

    public StepOutputs(OutputStream terminalOut, OutputStream terminalErr, String outputPattern, String errorPattern,
                       boolean label, String user) {
        this.terminalOut = Objects.requireNonNull(terminalOut, "terminalOut");
        this.terminalErr = Objects.requireNonNull(terminalErr, "terminalErr");
        this.outputPattern = Objects.requireNonNull(outputPattern, "outputPattern");
        this.errorPattern = Objects.requireNonNull(errorPattern, "errorPattern");
        this.label = label;
        this.user = Objects.requireNonNull(user, "user");
    }

    /** The step is known: its task count sets the label width, its layout the file names. */
    synchronized void bind(StepLayout step) {
        this.layout = step;
        Optional<TaskLabel> taskLabel = label ? Optional.of(TaskLabel.forTasks(step.getNtasks())) : Optional.empty();
        String errors = errorPattern.isEmpty() ? outputPattern : errorPattern;
        stdout = new TaskOutput(task -> target(outputPattern, task, terminalOut), taskLabel);
        stderr = new TaskOutput(task -> target(errors, task, terminalErr), taskLabel);
    }

    synchronized TaskOutput stdout() {
        return stdout;
    }

    synchronized TaskOutput stderr() {
        return stderr;
    }

    private synchronized OutputStream target(String pattern, int task, OutputStream terminal) {
        if (pattern.isEmpty()) {
            return terminal;
        }
        String name = new OutputPattern(pattern).expand(describe(task));
        return files.computeIfAbsent(name, n -> {
            try {
                return new FileOutputStream(n);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private OutputPattern.Task describe(int task) {
        StepLayout step = layout;
        for (int n = 0; n < step.getNodesCount(); n++) {
            StepNode node = step.getNodes(n);
            if (node.getTaskIdsList().contains(task)) {
                return new OutputPattern.Task(Integer.toUnsignedLong(step.getJobId()), step.getStepId(), task, n,
                        node.getNodeName(), user, step.getStepName());
            }
        }
        throw new IllegalArgumentException("no task " + task + " in the step");
    }

    /** Flushes the terminal and closes the files. */
    public synchronized void close() {
        try {
            terminalOut.flush();
            terminalErr.flush();
            for (OutputStream file : files.values()) {
                file.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        files.clear();
    }
}
