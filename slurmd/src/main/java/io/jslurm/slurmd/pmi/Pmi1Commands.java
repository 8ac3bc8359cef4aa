package io.jslurm.slurmd.pmi;

import static io.jslurm.slurmd.pmi.Pmi2Step.ordered;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PMI-1 commands of a step's PMI server, for clients such as MPICH's own PMI library (Debian's libmpich), which
 * speak PMI-1 lines over PMI_FD as they do under Slurm's mpi/pmi2 plugin. They share the step's pairs, fences and
 * names with PMI-2 clients; the step's one KVS is every client's {@code kvsname}.
 */
final class Pmi1Commands {

    private static final Logger LOG = LoggerFactory.getLogger(Pmi1Commands.class);
    /** What the client sizes its buffers by; MPICH's line is at most 1024 characters. */
    static final int KVSNAME_MAX = 256;
    static final int KEYLEN_MAX = 64;
    static final int VALLEN_MAX = 1024;

    private final Pmi2Step step;

    Pmi1Commands(Pmi2Step step) {
        this.step = step;
    }

    /** @return true once the rank finalized or aborted */
    boolean handle(Pmi2Command command, int rank, OutputStream out) throws IOException {
        switch (command.name()) {
            case "init" -> Pmi2Step.write(out, Pmi2Step.initResponse(command));
            case "get_maxes" -> respond(out, "maxes", ordered("rc", "0", "kvsname_max", Integer.toString(KVSNAME_MAX),
                    "keylen_max", Integer.toString(KEYLEN_MAX), "vallen_max", Integer.toString(VALLEN_MAX)));
            case "get_appnum" -> respond(out, "appnum", ordered("rc", "0", "appnum", "0"));
            case "get_my_kvsname" -> respond(out, "my_kvsname", ordered("rc", "0", "kvsname", kvsName()));
            case "get_universe_size" -> respond(out, "universe_size", ordered("rc", "0", "size",
                    Integer.toString(step.size())));
            case "put" -> {
                step.put(command.get("key").orElse(""), command.get("value").orElse(""));
                respond(out, "put_result", ordered("rc", "0", "msg", "success"));
            }
            case "barrier_in" -> step.fence(() -> respond(out, "barrier_out", ordered("rc", "0")));
            case "get" -> {
                Optional<String> value = step.get(command.get("key").orElse(""));
                respond(out, "get_result", value.map(v -> ordered("rc", "0", "msg", "success", "value", v))
                        .orElse(ordered("rc", "-1", "msg", "key_" + command.get("key").orElse("") + "_not_found")));
            }
            case "publish_name" -> respond(out, "publish_result", step.names().publish(
                    command.get("service").orElse(""), command.get("port").orElse(""))
                    ? ordered("rc", "0", "info", "ok") : ordered("rc", "-1", "msg", "name_already_published"));
            case "unpublish_name" -> respond(out, "unpublish_result",
                    step.names().unpublish(command.get("service").orElse(""))
                            ? ordered("rc", "0", "info", "ok") : ordered("rc", "-1", "msg", "name_not_published"));
            case "lookup_name" -> respond(out, "lookup_result", step.names().lookup(command.get("service").orElse(""))
                    .map(port -> ordered("rc", "0", "info", "ok", "port", port))
                    .orElse(ordered("rc", "-1", "msg", "name_not_found")));
            case "finalize" -> {
                respond(out, "finalize_ack", ordered("rc", "0"));
                return true;
            }
            case "abort" -> {
                step.abort(rank, "exit code " + command.get("exitcode").orElse("?"));
                return true;
            }
            default -> {
                LOG.warn("PMI {} rank {}: unknown PMI-1 command '{}'", step.jobId(), rank, command.name());
                respond(out, command.name() + "_result", ordered("rc", "-1", "msg", "unknown_command"));
            }
        }
        return false;
    }

    /**
     * {@code mcmd=spawn}: the lines up to {@code endcmd} are read and the spawn refused, as jslurm starts no
     * processes for a running step.
     *
     * @return false: the rank goes on
     */
    boolean spawn(InputStream in, OutputStream out) throws IOException {
        String line;
        do {
            line = Pmi2Wire.readLine(in);
        } while (line != null && !line.strip().equals("endcmd"));
        LOG.warn("PMI {}: a rank asked to spawn processes, which is not supported", step.jobId());
        respond(out, "spawn_result", ordered("rc", "-1", "msg", Pmi2Step.SPAWN_UNSUPPORTED.replace(' ', '_')));
        return false;
    }

    /** The step's one KVS, named as PMI-2 names the job. */
    private String kvsName() {
        return "kvs_" + step.jobId();
    }

    private static void respond(OutputStream out, String name, Map<String, String> pairs) throws IOException {
        Pmi2Step.write(out, Pmi1Line.format(name, pairs));
    }
}
