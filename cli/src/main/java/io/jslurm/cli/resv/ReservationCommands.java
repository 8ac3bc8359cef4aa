package io.jslurm.cli.resv;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.protocol.proto.ReservationInfoRequest;
import io.jslurm.protocol.proto.ReservationInfoResponse;
import io.jslurm.protocol.proto.ReservationRecord;
import io.jslurm.protocol.proto.ReservationRequest;
import io.jslurm.protocol.proto.ReservationResponse;
import java.util.List;

/**
 * scontrol create/update/delete/show reservation and sinfo -T. The Key=Value words go to the controller as typed:
 * it reads them against its own clock and node table and answers with Slurm's error texts.
 */
public final class ReservationCommands {

    private final CommandEnvironment env;

    public ReservationCommands(CommandEnvironment env) {
        this.env = env;
    }

    /** scontrol create reservation WORDS: prints "Reservation created: NAME". */
    public int create(List<String> words) {
        java.util.Optional<String> problem = ReservationWords.problem(words, true);
        if (problem.isPresent()) {
            env.err().println(problem.get());
            return 1;
        }
        return change(ReservationRequest.Action.RESV_CREATE, words, "Error creating the reservation",
                name -> "Reservation created: " + name);
    }

    /** scontrol update ReservationName=X WORDS: prints "Reservation updated.". */
    public int update(List<String> words) {
        java.util.Optional<String> problem = ReservationWords.problem(words, false);
        if (problem.isPresent()) {
            env.err().println(problem.get());
            return 1;
        }
        return change(ReservationRequest.Action.RESV_UPDATE, words, "Error updating the reservation",
                name -> "Reservation updated.");
    }

    /** scontrol delete ReservationName=X: silent when it works, as Slurm. */
    public int delete(List<String> words) {
        return change(ReservationRequest.Action.RESV_DELETE, words, "delete_reservation " + String.join(" ", words),
                name -> null);
    }

    private int change(ReservationRequest.Action action, List<String> words, String errorPrefix,
                       java.util.function.Function<String, String> success) {
        try (Controller controller = env.controllers().open()) {
            ReservationResponse answer = controller.call(ReservationRequest.newBuilder().setAction(action)
                    .addAllWords(words).build(), ReservationResponse.class);
            String line = success.apply(answer.getName());
            if (line != null) {
                env.out().println(line);
            }
            return 0;
        } catch (ControllerException failed) {
            env.err().println(errorPrefix + ": " + failed.getMessage());
            return 1;
        }
    }

    /** scontrol show reservation [NAME]. */
    public int show(String name, boolean oneLiner) {
        List<ReservationRecord> found;
        try {
            found = load(name);
        } catch (ControllerException failed) {
            env.err().println("slurm_load_reservations error: " + failed.getMessage());
            return 1;
        }
        if (found.isEmpty()) {
            if (name != null) {
                env.err().println("Reservation " + name + " not found");
                return 1;
            }
            env.out().println("No reservations in the system");
            return 0;
        }
        StringBuilder text = new StringBuilder();
        for (ReservationRecord r : found) {
            text.append(ReservationLayout.show(r, env.zone(), oneLiner));
            if (!oneLiner) {
                text.append('\n');
            }
        }
        env.out().print(text);
        return 0;
    }

    /** sinfo -T. */
    public int sinfo(boolean header) {
        List<ReservationRecord> found;
        try {
            found = load(null);
        } catch (ControllerException failed) {
            env.err().println("slurm_load_reservations: " + failed.getMessage());
            return 1;
        }
        if (found.isEmpty()) {
            env.out().println("No reservations in the system");
            return 0;
        }
        StringBuilder text = new StringBuilder();
        if (header) {
            text.append(ReservationLayout.header()).append('\n');
        }
        found.forEach(r -> text.append(ReservationLayout.line(r, env.zone())).append('\n'));
        env.out().print(text);
        return 0;
    }

    private List<ReservationRecord> load(String name) throws ControllerException {
        try (Controller controller = env.controllers().open()) {
            return controller.call(ReservationInfoRequest.newBuilder().setName(name == null ? "" : name).build(),
                    ReservationInfoResponse.class).getReservationsList();
        }
    }
}
