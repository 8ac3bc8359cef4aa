package io.jslurm.slurmd.pmi;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PMI-2 server of one step on one node, what slurmstepd's mpi/pmi2 plugin is in Slurm. Each task
 * connects to it on loopback before exec (its launch prefix opens the socket as fd 3 and hands it over as
 * {@code PMI_FD}) and names itself with the step's secret and its rank. Puts collect here; when every task of
 * the node entered {@code kvs-fence}, the node's new pairs go to srun, which answers once every node did, with
 * the pairs of all; then the fences return and gets are answered from the merged store.
 */
public final class Pmi2Step implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Pmi2Step.class);
    /** What a rank that asks to spawn processes (MPI_Comm_spawn) is told. */
    static final String SPAWN_UNSUPPORTED = "spawning processes (MPI_Comm_spawn) is not supported by jslurm";

    private final String jobId;
    private final int size;
    private final int localTasks;
    private final Optional<String> processMapping;
    private final Consumer<Map<String, String>> fenceToSrun;
    private final Runnable abort;
    private final ExecutorService threads;
    private final PmiNames names;
    private final Pmi1Commands pmi1 = new Pmi1Commands(this);
    private final ServerSocket server;
    private final String token;
    private final Map<String, String> kvs = new ConcurrentHashMap<>();
    private final Map<String, String> nodeAttributes = new ConcurrentHashMap<>();
    private final Map<String, String> pending = new LinkedHashMap<>();
    private final List<FenceWaiter> fenced = new ArrayList<>();
    private final List<Socket> connections = new ArrayList<>();

    /**
     * @param jobId          PMI's job id (the step, {@code JOB.STEP})
     * @param size           ranks in the whole step
     * @param localTasks     ranks on this node: the node fences once that many entered kvs-fence
     * @param fenceToSrun    sends this node's new pairs to srun
     * @param abort          kills the step (a rank called abort)
     * @param threads        one per connected rank while it is connected
     */
    public Pmi2Step(String jobId, int size, int localTasks, Optional<String> processMapping,
                    Consumer<Map<String, String>> fenceToSrun, Runnable abort, ExecutorService threads)
            throws IOException {
        this(jobId, size, localTasks, processMapping, fenceToSrun, abort, threads, PmiNames.inMemory());
    }

    /** @param names where published names are kept (srun's for a step of several nodes) */
    public Pmi2Step(String jobId, int size, int localTasks, Optional<String> processMapping,
                    Consumer<Map<String, String>> fenceToSrun, Runnable abort, ExecutorService threads,
                    PmiNames names) throws IOException {
        this.names = Objects.requireNonNull(names, "names");
        this.jobId = Objects.requireNonNull(jobId, "jobId");
        this.size = size;
        this.localTasks = localTasks;
        this.processMapping = Objects.requireNonNull(processMapping, "processMapping");
        this.fenceToSrun = Objects.requireNonNull(fenceToSrun, "fenceToSrun");
        this.abort = Objects.requireNonNull(abort, "abort");
        this.threads = Objects.requireNonNull(threads, "threads");
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        this.token = HexFormat.of().formatHex(secret);
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), localTasks + 8);
        threads.execute(this::accept);
    }

    /** What the task's environment gets; PMI_FD is set by {@link #launchPrefix()}. */
    public Map<String, String> taskEnvironment(int rank) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PMI_RANK", Integer.toString(rank));
        env.put("PMI_SIZE", Integer.toString(size));
        env.put("PMI_JOBID", jobId);
        env.put("SLURM_PMI2_TOKEN", token);
        return env;
    }

    /**
     * A bash prefix (argv; the task's own argv follows) that opens the connection as fd 3, names the rank, and
     * execs the task with {@code PMI_FD=3}; it also sets SLURM_TASK_PID like the plain prefix.
     */
    public List<String> launchPrefix() {
        return List.of("/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort()
                + " || exit 127; printf '%s %s\\n' \"$SLURM_PMI2_TOKEN\" \"$PMI_RANK\" >&3; unset SLURM_PMI2_TOKEN; "
                + "PMI_FD=3; SLURM_TASK_PID=$$; export PMI_FD SLURM_TASK_PID; exec \"$@\"", "slurmstepd");
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                synchronized (connections) {
                    connections.add(socket);
                }
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        int rank = -1;
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            String hello = Pmi2Wire.readLine(in);
            String[] words = hello == null ? new String[0] : hello.trim().split(" ");
            if (words.length != 2 || !words[0].equals(token)) {
                LOG.warn("PMI-2 {}: connection without the step's secret refused", jobId);
                return;
            }
            rank = Integer.parseInt(words[1]);
            boolean done = false;
            while (!done) {
                in.mark(1);
                int first = in.read();
                if (first < 0) {
                    return;
                }
                in.reset();
                if (first == 'c' || first == 'm') {
                    // A PMI-1 line: every client's cmd=init, then all of a PMI-1 client's commands.
                    String line = Pmi2Wire.readLine(in);
                    if (line == null) {
                        return;
                    }
                    done = line.startsWith("mcmd=") ? pmi1.spawn(in, out)
                            : pmi1.handle(Pmi1Line.parse(line), rank, out);
                    continue;
                }
                String text = Pmi2Wire.read(in);
                if (text == null) {
                    return;
                }
                done = handle(Pmi2Command.parse(text), rank, out);
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("PMI-2 {} rank {}: connection ended: {}", jobId, rank, e.getMessage());
        }
    }

    /** @return true once the rank finalized */
    private boolean handle(Pmi2Command command, int rank, OutputStream out) throws IOException {
        switch (command.name()) {
            case "fullinit" -> respond(out, "fullinit-response", ordered("rc", "0", "pmi-version", "2",
                    "pmi-subversion", "0", "rank", Integer.toString(rank), "size", Integer.toString(size),
                    "appnum", "0", "spawner-jobid", jobId, "debugged", "FALSE", "pmiverbose", "FALSE"));
            case "job-getid" -> respond(out, "job-getid-response", ordered("rc", "0", "jobid", jobId));
            case "info-getjobattr" -> respond(out, "info-getjobattr-response",
                    found(jobAttribute(command.get("key").orElse(""))));
            case "info-putnodeattr" -> {
                nodeAttributes.put(command.get("key").orElse(""), command.get("value").orElse(""));
                respond(out, "info-putnodeattr-response", ordered("rc", "0"));
            }
            case "info-getnodeattr" -> respond(out, "info-getnodeattr-response",
                    found(Optional.ofNullable(nodeAttributes.get(command.get("key").orElse("")))));
            case "kvs-put" -> {
                put(command.get("key").orElse(""), command.get("value").orElse(""));
                respond(out, "kvs-put-response", ordered("rc", "0"));
            }
            case "kvs-fence" -> fence(() -> respond(out, "kvs-fence-response", ordered("rc", "0")));
            case "kvs-get" -> respond(out, "kvs-get-response",
                    found(Optional.ofNullable(kvs.get(command.get("key").orElse("")))));
            case "name-publish" -> respond(out, "name-publish-response",
                    names.publish(service(command), command.get("port").orElse("")) ? ordered("rc", "0")
                            : ordered("rc", "-1", "errmsg", "name " + service(command) + " is already published"));
            case "name-unpublish" -> respond(out, "name-unpublish-response",
                    names.unpublish(service(command)) ? ordered("rc", "0")
                            : ordered("rc", "-1", "errmsg", "name " + service(command) + " is not published"));
            case "name-lookup" -> respond(out, "name-lookup-response", names.lookup(service(command))
                    .map(port -> ordered("rc", "0", "found", "TRUE", "value", port))
                    .orElse(ordered("rc", "-1", "found", "FALSE", "errmsg", "not found")));
            case "spawn" -> {
                LOG.warn("PMI-2 {}: rank {} asked to spawn processes, which is not supported", jobId, rank);
                respond(out, "spawn-response", ordered("rc", "-1", "errmsg", SPAWN_UNSUPPORTED));
            }
            case "finalize" -> {
                respond(out, "finalize-response", ordered("rc", "0"));
                return true;
            }
            case "abort" -> {
                abort(rank, command.get("msg").orElse(""));
                return true;
            }
            default -> respond(out, command.name() + "-response", ordered("rc", "-1", "errmsg",
                    "unsupported PMI-2 command " + command.name()));
        }
        return false;
    }

    private static String service(Pmi2Command command) {
        return command.get("name").orElse("");
    }

    /** Answers every client's first line; a PMI-1 client goes on with PMI-1 lines, a PMI-2 client with PMI-2. */
    static String initResponse(Pmi2Command init) {
        return init.get("pmi_version").filter("1"::equals).isPresent()
                ? "cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0\n"
                : "cmd=response_to_init pmi_version=2 pmi_subversion=0 rc=0\n";
    }

    String jobId() {
        return jobId;
    }

    int size() {
        return size;
    }

    PmiNames names() {
        return names;
    }

    /** A pair for the next fence: seen here at once, on other nodes once the fence is done. */
    void put(String key, String value) {
        synchronized (this) {
            pending.put(key, value);
        }
        kvs.put(key, value);
    }

    /** A pair put by any rank before the last fence (or by this node's ranks since), else a job attribute. */
    Optional<String> get(String key) {
        return Optional.ofNullable(kvs.get(key)).or(() -> jobAttribute(key));
    }

    void abort(int rank, String message) {
        LOG.error("PMI {}: rank {} called abort: {}", jobId, rank, message);
        abort.run();
    }

    Optional<String> jobAttribute(String key) {
        return switch (key) {
            case "PMI_process_mapping" -> processMapping;
            case "universeSize" -> Optional.of(Integer.toString(size));
            default -> Optional.empty();
        };
    }

    private static Map<String, String> found(Optional<String> value) {
        return value.map(v -> ordered("rc", "0", "found", "TRUE", "value", v)).orElse(ordered("rc", "0", "found",
                "FALSE"));
    }

    /** How a rank waiting in a fence is let go: the answer its wire version expects. */
    @FunctionalInterface
    interface FenceWaiter {
        void release() throws IOException;
    }

    void fence(FenceWaiter waiter) {
        Map<String, String> mine = null;
        synchronized (this) {
            fenced.add(waiter);
            if (fenced.size() == localTasks) {
                mine = new LinkedHashMap<>(pending);
                pending.clear();
            }
        }
        if (mine != null) {
            fenceToSrun.accept(mine);
        }
    }

    /** srun's answer to a fence: the pairs of every node; the waiting ranks go on. */
    public void fenceDone(Map<String, String> all) {
        kvs.putAll(all);
        List<FenceWaiter> waiting;
        synchronized (this) {
            waiting = new ArrayList<>(fenced);
            fenced.clear();
        }
        for (FenceWaiter waiter : waiting) {
            try {
                waiter.release();
            } catch (IOException e) {
                LOG.debug("PMI-2 {}: a rank left during a fence: {}", jobId, e.getMessage());
            }
        }
    }

    private static void respond(OutputStream out, String name, Map<String, String> pairs) throws IOException {
        synchronized (out) {
            Pmi2Wire.write(out, Pmi2Command.format(name, pairs));
        }
    }

    static void write(OutputStream out, String line) throws IOException {
        synchronized (out) {
            out.write(line.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    static Map<String, String> ordered(String... keyValues) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            pairs.put(keyValues[i], keyValues[i + 1]);
        }
        return pairs;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        synchronized (connections) {
            for (Socket socket : connections) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // already gone
                }
            }
        }
    }
}
