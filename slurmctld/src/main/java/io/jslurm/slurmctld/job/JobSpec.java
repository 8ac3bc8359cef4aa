package io.jslurm.slurmctld.job;

import java.util.List;
import java.util.Objects;

/**
 * What a user submitted: everything {@code sbatch} sends, already parsed. Unset text options are empty strings,
 * never null.
 *
 * @param dependency the {@code --dependency} expression as given; evaluated by the scheduler
 * @param beginTime {@code --begin} in epoch seconds, 0 when not given
 * @param signal the {@code --signal} specification as given ({@code B:USR1@90}), empty when not given
 * @param hold submitted with {@code --hold}
 * @param openMode {@code --open-mode}, {@link OpenMode#UNSPECIFIED} when not given
 * @param oversubscribe {@code -s}/{@code --oversubscribe}: may share cores where the partition has OverSubscribe=YES
 * @param allocNode the short name of the host the job was submitted from, empty when not known
 * @param allocSid the session id of the submitting command, 0 when not known
 * @param argv the words after the script on the sbatch command line, passed to the script as {@code $1...};
 *             kept exactly as given (spaces, empty words, any characters)
 * @param scriptPath the script's file, absolute, as {@code scontrol show job} prints it in Command=; empty for
 *                   {@code --wrap} and a script read from standard input
 * @param reservation {@code --reservation}: the advance reservation the job runs in; empty for none
 */
public record JobSpec(
        String name,
        String user,
        int uid,
        int gid,
        String account,
        String partition,
        String qos,
        ResourceRequest resources,
        String script,
        List<String> environment,
        String workDir,
        String stdIn,
        String stdOut,
        String stdErr,
        String dependency,
        long beginTime,
        int nice,
        String comment,
        String signal,
        boolean requeue,
        boolean exclusive,
        String nodeList,
        String exclude,
        String constraint,
        boolean hold,
        OpenMode openMode,
        boolean oversubscribe,
        String allocNode,
        int allocSid,
        List<String> argv,
        String scriptPath,
        String reservation) {

    public JobSpec {
        Objects.requireNonNull(allocNode, "allocNode");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(script, "script");
        environment = List.copyOf(environment);
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(stdIn, "stdIn");
        Objects.requireNonNull(stdOut, "stdOut");
        Objects.requireNonNull(stdErr, "stdErr");
        Objects.requireNonNull(dependency, "dependency");
        Objects.requireNonNull(comment, "comment");
        Objects.requireNonNull(signal, "signal");
        Objects.requireNonNull(nodeList, "nodeList");
        Objects.requireNonNull(exclude, "exclude");
        Objects.requireNonNull(constraint, "constraint");
        Objects.requireNonNull(openMode, "openMode");
        argv = List.copyOf(argv);
        Objects.requireNonNull(scriptPath, "scriptPath");
        Objects.requireNonNull(reservation, "reservation");
        if (uid < 0 || gid < 0) {
            throw new IllegalArgumentException("uid and gid must not be negative");
        }
        if (beginTime < 0) {
            throw new IllegalArgumentException("begin time is negative: " + beginTime);
        }
        if (nice < -10000 || nice > 10000) {
            throw new IllegalArgumentException("nice out of range -10000..10000: " + nice);
        }
    }

    public static Builder builder(String user, int uid, int gid) {
        return new Builder(user, uid, gid);
    }

    public Builder toBuilder() {
        Builder b = new Builder(user, uid, gid);
        b.name = name;
        b.account = account;
        b.partition = partition;
        b.qos = qos;
        b.resources = resources;
        b.script = script;
        b.environment = environment;
        b.workDir = workDir;
        b.stdIn = stdIn;
        b.stdOut = stdOut;
        b.stdErr = stdErr;
        b.dependency = dependency;
        b.beginTime = beginTime;
        b.nice = nice;
        b.comment = comment;
        b.signal = signal;
        b.requeue = requeue;
        b.exclusive = exclusive;
        b.nodeList = nodeList;
        b.exclude = exclude;
        b.constraint = constraint;
        b.hold = hold;
        b.openMode = openMode;
        b.oversubscribe = oversubscribe;
        b.allocNode = allocNode;
        b.allocSid = allocSid;
        b.argv = argv;
        b.scriptPath = scriptPath;
        b.reservation = reservation;
        return b;
    }

    /** Collects options one at a time, as {@code #SBATCH} lines arrive. */
    public static final class Builder {
        private final String user;
        private final int uid;
        private final int gid;
        private String name = "";
        private String account = "";
        private String partition = "";
        private String qos = "";
        private ResourceRequest resources = ResourceRequest.DEFAULT;
        private String script = "";
        private List<String> environment = List.of();
        private String workDir = "";
        private String stdIn = "";
        private String stdOut = "";
        private String stdErr = "";
        private String dependency = "";
        private long beginTime;
        private int nice;
        private String comment = "";
        private String signal = "";
        private boolean requeue = true;
        private boolean exclusive;
        private String nodeList = "";
        private String exclude = "";
        private String constraint = "";
        private boolean hold;
        private OpenMode openMode = OpenMode.UNSPECIFIED;
        private boolean oversubscribe;
        private String allocNode = "";
        private int allocSid;
        private List<String> argv = List.of();
        private String scriptPath = "";
        private String reservation = "";

        private Builder(String user, int uid, int gid) {
            this.user = user;
            this.uid = uid;
            this.gid = gid;
        }

        public Builder name(String v) { name = v; return this; }
        public Builder account(String v) { account = v; return this; }
        public Builder partition(String v) { partition = v; return this; }
        public Builder qos(String v) { qos = v; return this; }
        public Builder resources(ResourceRequest v) { resources = v; return this; }
        public Builder script(String v) { script = v; return this; }
        public Builder environment(List<String> v) { environment = v; return this; }
        public Builder workDir(String v) { workDir = v; return this; }
        public Builder stdIn(String v) { stdIn = v; return this; }
        public Builder stdOut(String v) { stdOut = v; return this; }
        public Builder stdErr(String v) { stdErr = v; return this; }
        public Builder dependency(String v) { dependency = v; return this; }
        public Builder beginTime(long v) { beginTime = v; return this; }
        public Builder nice(int v) { nice = v; return this; }
        public Builder comment(String v) { comment = v; return this; }
        public Builder signal(String v) { signal = v; return this; }
        public Builder requeue(boolean v) { requeue = v; return this; }
        public Builder exclusive(boolean v) { exclusive = v; return this; }
        public Builder nodeList(String v) { nodeList = v; return this; }
        public Builder exclude(String v) { exclude = v; return this; }
        public Builder constraint(String v) { constraint = v; return this; }
        public Builder hold(boolean v) { hold = v; return this; }
        public Builder openMode(OpenMode v) { openMode = v; return this; }
        public Builder oversubscribe(boolean v) { oversubscribe = v; return this; }
        public Builder allocNode(String v) { allocNode = v; return this; }
        public Builder allocSid(int v) { allocSid = v; return this; }
        public Builder argv(List<String> v) { argv = v; return this; }
        public Builder scriptPath(String v) { scriptPath = v; return this; }
        public Builder reservation(String v) { reservation = v; return this; }

        public JobSpec build() {
            return new JobSpec(name, user, uid, gid, account, partition, qos, resources, script, environment,
                    workDir, stdIn, stdOut, stdErr, dependency, beginTime, nice, comment, signal, requeue,
                    exclusive, nodeList, exclude, constraint, hold, openMode, oversubscribe, allocNode, allocSid, argv, scriptPath,
                    reservation);
        }
    }
}
