package io.jslurm.cli.salloc;

import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.Controllers;
import io.jslurm.cli.interactive.InteractiveAllocation;
import io.jslurm.cli.interactive.TimeLimitNotice;
import io.jslurm.common.signal.Signal;
import io.jslurm.protocol.proto.JobRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;

/**
 * Watches salloc's job while its command runs. Once the controller has ended it (its time limit, scancel) salloc
 * says so as Slurm's does, and with {@code --kill-command} signals the command; without, the command runs on, as in
 * Slurm, and salloc waits for it.
 */
final class RevocationWatch implements AutoCloseable {

    private final Controllers controllers;
    private final long jobId;
    private final Process command;
    private final Optional<Signal> kill;
    private final PrintStream err;
    private final Duration poll;
    private final Thread thread;
    private volatile boolean revoked;
    private volatile boolean killed;

    RevocationWatch(Controllers controllers, long jobId, Process command, Optional<Signal> kill, PrintStream err,
                    Duration poll) {
        this.controllers = controllers;
        this.jobId = jobId;
        this.command = command;
        this.kill = kill;
        this.err = err;
        this.poll = poll;
        this.thread = new Thread(this::watch, "salloc-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether the job ended under the command (nothing is left to give back). */
    boolean revoked() {
        return revoked;
    }

    /** The signal salloc sent the command, when it sent one. */
    Optional<Signal> killedWith() {
        return killed ? kill : Optional.empty();
    }

    /** Over a connection of its own: main holds the other while it waits for the command. */
    private void watch() {
        try (Controller own = controllers.open()) {
            while (command.isAlive()) {
                JobRecord job = InteractiveAllocation.job(own, jobId);
                if (TimeLimitNotice.revoked(job)) {
                    revoked = true;
                    err.println(TimeLimitNotice.allocationRevoked(Salloc.PROGRAM, job));
                    err.flush();
                    kill.ifPresent(this::signal);
                    return;
                }
                Thread.sleep(poll.toMillis());
            }
        } catch (ControllerException e) {
            // The controller cannot be asked: the command runs on, and salloc gives the job back when it ends.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void signal(Signal signal) {
        killed = true;
        if (signal.equals(Signal.TERM)) {
            command.destroy();
            return;
        }
        try {
            new ProcessBuilder("kill", "-" + signal.number(), Long.toString(command.pid())).inheritIO().start()
                    .waitFor();
        } catch (IOException e) {
            err.println(Salloc.PROGRAM + ": error: Unable to send signal " + signal + " to the command: "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(poll.toMillis() * 5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
