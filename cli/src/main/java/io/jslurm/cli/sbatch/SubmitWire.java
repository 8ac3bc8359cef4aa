package io.jslurm.cli.sbatch;

import io.jslurm.cli.submit.Exclusivity;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.cli.submit.MailType;
import io.jslurm.cli.submit.MemoryRequest;
import io.jslurm.cli.submit.NodeCount;
import io.jslurm.cli.submit.OpenMode;
import io.jslurm.cli.submit.Priority;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.Scheduling;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.protocol.wire.ProtoReader;
import io.jslurm.protocol.wire.ProtoWriter;
import io.jslurm.protocol.wire.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * sbatch's one request and its answer in protobuf wire format, encoded by hand: the generated
 * {@code SubmitBatchJobRequest} costs a fresh sbatch JVM about a fifth of its start-up (loading and running
 * protobuf-java and the generated classes). The bytes are exactly those of {@link SubmitRequests}'s message
 * (fields in number order, proto3 defaults left out, {@code optional} and oneof fields written when set);
 * {@code SubmitWireTest} compares the two for cases that together set every field of the request's descriptor,
 * so a field added to job.proto fails the build until it is written here too (or listed as not sbatch's).
 */
final class SubmitWire {

    /** {@code ClientMessage} body fields. */
    static final int REQUEST_FIELD = 10;
    static final int RESPONSE_FIELD = 11;

    private SubmitWire() {
    }

    /** The controller's answer: {@code SubmitBatchJobResponse}'s job id, notice and --test-only estimate. */
    static final class Answer {
        final int jobId;
        final String userMessage;
        final java.util.Optional<WillRunAnswer> willRun;

        Answer(int jobId, String userMessage, java.util.Optional<WillRunAnswer> willRun) {
            this.jobId = jobId;
            this.userMessage = userMessage;
            this.willRun = willRun;
        }
    }

    /** {@code SubmitBatchJobRequest} with the job in field 1. */
    static byte[] request(JobSubmission job) {
        ProtoWriter description = description(job);
        return new ProtoWriter(description.size() + 8).message(1, description).toByteArray();
    }

    static Answer answer(byte[] response) throws ProtocolException {
        int jobId = 0;
        String userMessage = "";
        java.util.Optional<WillRunAnswer> willRun = java.util.Optional.empty();
        ProtoReader reader = new ProtoReader(response);
        while (reader.next()) {
            switch (reader.field()) {
                case 1 -> jobId = (int) reader.varint();
                case 3 -> userMessage = reader.string();
                case 4 -> willRun = java.util.Optional.of(willRun(reader.bytes()));
                default -> reader.skip();
            }
        }
        return new Answer(jobId, userMessage, willRun);
    }

    /** {@code WillRun}: when, on what and where a --test-only job would start. */
    private static WillRunAnswer willRun(byte[] message) throws ProtocolException {
        long start = 0;
        int processors = 0;
        String nodes = "";
        String partition = "";
        ProtoReader reader = new ProtoReader(message);
        while (reader.next()) {
            switch (reader.field()) {
                case 1 -> start = reader.varint();
                case 2 -> processors = (int) reader.varint();
                case 3 -> nodes = reader.string();
                case 4 -> partition = reader.string();
                default -> reader.skip();
            }
        }
        return new WillRunAnswer(start, processors, nodes, partition);
    }

    /** {@code JobDescription}, field by field in number order (see job.proto). */
    private static ProtoWriter description(JobSubmission job) {
        Resources r = job.resources();
        Scheduling s = job.scheduling();
        String script = job.script().text();
        ProtoWriter d = new ProtoWriter(script.length() + 64 * job.environment().size() + 512);
        d.stringIfSet(1, job.name());
        if (s.partition().isPresent()) {
            d.stringIfSet(2, s.partition().get());
        }
        if (r.nodes().isPresent()) {
            NodeCount nodes = r.nodes().get();
            d.uint32(3, nodes.min());
            if (nodes.maximum().isPresent()) {
                d.uint32(4, nodes.maximum().getAsInt());
            }
        }
        if (r.ntasks().isPresent()) {
            d.uint32(5, r.ntasks().getAsInt());
        }
        if (r.ntasksPerNode().isPresent()) {
            d.uint32(6, r.ntasksPerNode().getAsInt());
        }
        if (r.cpusPerTask().isPresent()) {
            d.uint32(7, r.cpusPerTask().getAsInt());
        }
        if (r.memory().isPresent()) {
            MemoryRequest memory = r.memory().get();
            int field = memory instanceof MemoryRequest.PerNode ? 8 : memory instanceof MemoryRequest.PerCpu ? 9 : 10;
            d.varint(field, memory.size().mebibytes());
        }
        if (r.gres().isPresent()) {
            d.stringIfSet(11, r.gres().get().toString());
        }
        if (r.gpus().isPresent()) {
            d.stringIfSet(12, r.gpus().get().toString());
        }
        if (r.gpusPerNode().isPresent()) {
            d.stringIfSet(13, r.gpusPerNode().get().toString());
        }
        if (r.gpusPerTask().isPresent()) {
            d.stringIfSet(14, r.gpusPerTask().get().toString());
        }
        if (r.cpusPerGpu().isPresent()) {
            d.uint32(15, r.cpusPerGpu().getAsInt());
        }
        if (s.timeLimit().isPresent()) {
            d.uint32(16, minutes(s.timeLimit().get()));
        }
        if (s.timeMin().isPresent()) {
            d.uint32(17, minutes(s.timeMin().get()));
        }
        d.stringIfSet(18, job.streams().output());
        if (job.streams().error().isPresent()) {
            d.stringIfSet(19, job.streams().error().get());
        }
        d.stringIfSet(20, job.streams().input());
        d.stringIfSet(21, job.workDir());
        for (Map.Entry<String, String> variable : job.environment().entrySet()) {
            d.message(22, new ProtoWriter(variable.getKey().length() + variable.getValue().length() + 8)
                    .stringIfSet(1, variable.getKey())
                    .stringIfSet(2, variable.getValue()));
        }
        if (!script.isEmpty()) {
            d.bytes(23, script.getBytes(StandardCharsets.UTF_8));
        }
        for (String argument : job.scriptArguments()) {
            d.string(24, argument);
        }
        if (s.array().isPresent()) {
            d.stringIfSet(25, s.array().get().toString());
        }
        if (s.dependency().isPresent()) {
            d.stringIfSet(26, s.dependency().get().toString());
        }
        d.boolIfSet(27, s.hold());
        if (s.begin().isPresent()) {
            d.varintIfSet(28, s.begin().get().getEpochSecond());
        }
        if (s.qos().isPresent()) {
            d.stringIfSet(29, s.qos().get());
        }
        if (s.account().isPresent()) {
            d.stringIfSet(30, s.account().get());
        }
        if (s.priority().isPresent()) {
            Priority p = s.priority().get();
            d.uint32(31, p.top() ? -2 : (int) p.value());
        }
        if (s.nice().isPresent()) {
            d.int32(32, s.nice().getAsInt());
        }
        if (s.comment().isPresent()) {
            d.stringIfSet(33, s.comment().get());
        }
        if (s.signal().isPresent()) {
            SignalSpec signal = s.signal().get();
            d.message(34, new ProtoWriter(16)
                    .uint32IfSet(1, signal.signal().number())
                    .uint32IfSet(2, signal.delaySeconds())
                    .boolIfSet(3, signal.batchShellOnly())
                    .boolIfSet(4, signal.onReservationEnd()));
        }
        if (s.requeue().isPresent()) {
            d.varint(35, s.requeue().get() ? 1 : 0);
        }
        if (r.exclusive().isPresent()) {
            Exclusivity e = r.exclusive().get();
            // Exclusive: NODE 1, USER 2, MCS 3
            d.varint(36, e == Exclusivity.USER ? 2 : e == Exclusivity.MCS ? 3 : 1);
        }
        if (r.nodelist().isPresent()) {
            d.stringIfSet(37, r.nodelist().get().ranged());
        }
        if (r.exclude().isPresent()) {
            d.stringIfSet(38, r.exclude().get().ranged());
        }
        if (r.constraint().isPresent()) {
            d.stringIfSet(39, r.constraint().get());
        }
        d.packedVarints(40, mailTypes(job));
        if (job.mailUser().isPresent()) {
            d.stringIfSet(41, job.mailUser().get());
        }
        if (job.openMode().isPresent()) {
            // OpenMode: TRUNCATE 1, APPEND 2
            d.varint(42, job.openMode().get() == OpenMode.APPEND ? 2 : 1);
        }
        d.uint32IfSet(43, job.submitter().uid());
        d.uint32IfSet(44, job.submitter().gid());
        d.stringIfSet(45, job.submitter().user());
        d.stringIfSet(46, job.submitter().host());
        if (s.reservation().isPresent()) {
            d.stringIfSet(47, s.reservation().get());
        }
        if (s.deadline().isPresent()) {
            d.varintIfSet(50, s.deadline().get().getEpochSecond());
        }
        d.boolIfSet(51, r.oversubscribe());
        if (r.minCpusPerNode().isPresent()) {
            d.uint32(52, r.minCpusPerNode().getAsInt());
        }
        if (r.tmpDisk().isPresent()) {
            d.varintIfSet(53, r.tmpDisk().get().mebibytes());
        }
        if (r.ntasksPerGpu().isPresent()) {
            d.uint32(58, r.ntasksPerGpu().getAsInt());
        }
        if (r.distribution().isPresent()) {
            d.stringIfSet(63, r.distribution().get().text());
        }
        d.boolIfSet(70, s.noKill());
        d.boolIfSet(72, job.getUserEnv());
        d.boolIfSet(75, job.client().testOnly());
        d.boolIfSet(76, r.contiguous());
        d.stringIfSet(77, job.scriptPath());
        d.uint32IfSet(80, job.submitter().sessionId());
        return d;
    }

    /** job.proto's MailType numbers: MAIL_BEGIN = 1 onwards in the order of {@link MailType}'s constants. */
    private static int[] mailTypes(JobSubmission job) {
        int[] numbers = new int[job.mailTypes().size()];
        int i = 0;
        for (MailType type : job.mailTypes()) {
            numbers[i++] = type.ordinal() + 1;
        }
        return numbers;
    }

    /** Whole minutes, rounded up as Slurm does; UNLIMITED as 2^32-1 (also what {@link SubmitRequests} sets). */
    static int minutes(TimeLimit limit) {
        if (limit.isUnlimited()) {
            return -1;
        }
        return Math.toIntExact((limit.seconds() + 59) / 60);
    }
}
