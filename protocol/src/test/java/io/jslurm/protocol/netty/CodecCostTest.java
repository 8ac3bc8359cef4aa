package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.wire.EnvelopeType;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** What a frame costs to encode and decode through the Netty codecs, for a realistic sbatch request. */
class CodecCostTest {

    @Test
    void encodesAndDecodesARealisticSubmitRequest() {
        TestRpc rpc = new TestRpc();
        JobDescription.Builder job = JobDescription.newBuilder()
                .setName("llama-70b-pretrain").setPartition("h100").setMinNodes(16).setNtasksPerNode(8)
                .setCpusPerTask(12).setGpusPerNode("h100:8").setMemPerNodeMb(1_800_000).setTimeLimitMinutes(2880)
                .setStdOut("logs/%x-%j.out").setWorkDir("/lustre/home/alice/llama").setAccount("ml")
                .setScript(ByteString.copyFromUtf8("#!/bin/bash\n" + "#SBATCH --exclusive\n".repeat(40)
                        + "srun python -m torch.distributed.run train.py\n".repeat(20)));
        for (int i = 0; i < 60; i++) {
            job.addEnvironment(io.jslurm.protocol.proto.EnvironmentVariable.newBuilder().setName("VAR_" + i)
                    .setValue("/opt/software/lib/value-" + i));
        }
        ClientMessage request = rpc.userRequest(1, SubmitBatchJobRequest.newBuilder().setJob(job).build());

        double submitNanos = roundTripNanos(request);
        double pingNanos = roundTripNanos(rpc.userRequest(2, io.jslurm.protocol.proto.Ping.getDefaultInstance()));
        double protobufOnlyNanos = protobufOnlyNanos(request);
        System.out.printf("FIGURE frame encode+decode round trip through the Netty codecs: %d byte SubmitBatchJobRequest"
                + " %.1f us (protobuf alone %.1f us), %d byte Ping %.1f us%n", request.getSerializedSize(),
                submitNanos / 1e3, protobufOnlyNanos / 1e3,
                rpc.userRequest(2, io.jslurm.protocol.proto.Ping.getDefaultInstance()).getSerializedSize(),
                pingNanos / 1e3);
        assertThat(submitNanos).isLessThan(1_000_000);
        assertThat(pingNanos).isLessThan(submitNanos);
    }

    private static double roundTripNanos(ClientMessage request) {
        EmbeddedChannel out = new EmbeddedChannel(new EnvelopeEncoder(1 << 24));
        EmbeddedChannel in = new EmbeddedChannel(new FrameDecoder(1 << 24),
                new EnvelopeDecoder(java.util.Map.of(EnvelopeType.CLIENT.kind(), EnvelopeType.CLIENT)));
        int warmup = 20_000;
        int measured = 50_000;
        long start = 0;
        for (int i = 0; i < warmup + measured; i++) {
            if (i == warmup) {
                start = System.nanoTime();
            }
            out.writeOutbound(request);
            ByteBuf frame = out.readOutbound();
            in.writeInbound(frame);
            Inbound decoded = in.readInbound();
            if (i == 0) {
                assertThat(decoded.envelope()).isEqualTo(request);
            }
        }
        double nanos = (System.nanoTime() - start) / (double) measured;
        out.finishAndReleaseAll();
        in.finishAndReleaseAll();
        return nanos;
    }

    private static double protobufOnlyNanos(ClientMessage request) {
        int warmup = 20_000;
        int measured = 50_000;
        long start = 0;
        long sink = 0;
        try {
            for (int i = 0; i < warmup + measured; i++) {
                if (i == warmup) {
                    start = System.nanoTime();
                }
                sink += ClientMessage.parseFrom(request.toByteArray()).getHeader().getCorrelationId();
            }
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
        assertThat(sink).isPositive();
        return (System.nanoTime() - start) / (double) measured;
    }
}
