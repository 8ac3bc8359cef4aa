package io.jslurm.cli.srun;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Where the tasks' output goes: whole lines at a time, so lines of different tasks never mix, each with the
 * task's label when {@code --label} was given. A task's last line without a newline is written when the task
 * ends.
 */
public final class TaskOutput {

    private final IntFunction<OutputStream> target;
    private final Optional<TaskLabel> label;
    private final Map<Integer, ByteArrayOutputStream> partial = new HashMap<>();

    /** @param target the stream for each task (the terminal, or the file its pattern names) */
    public TaskOutput(IntFunction<OutputStream> target, Optional<TaskLabel> label) {
        this.target = Objects.requireNonNull(target, "target");
        this.label = Objects.requireNonNull(label, "label");
    }

    public synchronized void write(int task, byte[] bytes) {
        ByteArrayOutputStream line = partial.computeIfAbsent(task, t -> new ByteArrayOutputStream());
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line.write(bytes, start, i + 1 - start);
                emit(task, line);
                start = i + 1;
            }
        }
        line.write(bytes, start, bytes.length - start);
    }

    /** The task ended: what is left of its last line goes out, with a newline when labelled. */
    public synchronized void close(int task) {
        ByteArrayOutputStream line = partial.remove(task);
        if (line != null && line.size() > 0) {
            if (label.isPresent()) {
                line.write('\n');
            }
            emit(task, line);
        }
    }

    private void emit(int task, ByteArrayOutputStream line) {
        OutputStream out = target.apply(task);
        try {
            if (label.isPresent()) {
                out.write(label.get().prefix(task).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            line.writeTo(out);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        line.reset();
    }
}
