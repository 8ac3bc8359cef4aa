package io.jslurm.protocol.netty;

import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.wire.FrameHeader;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Seeded generator of hostile input: random bytes and valid frames broken in typical ways. */
final class FrameMutator {
    private final Random random;
    private final List<byte[]> templates;

    FrameMutator(Random random, TestRpc rpc) {
        this.random = random;
        SubmitBatchJobRequest submit = SubmitBatchJobRequest.newBuilder().setJob(JobDescription.newBuilder()
                .setName("fuzz").setPartition("gpu").setScript(com.google.protobuf.ByteString.copyFromUtf8(
                        "#!/bin/bash\n#SBATCH --gpus=8\nsrun python train.py\n"))
                .addEnvironment(io.jslurm.protocol.proto.EnvironmentVariable.newBuilder().setName("PATH").setValue("/usr/bin:/bin")).setMinNodes(2)).build();
        List<ClientMessage> requests = List.of(
                rpc.userRequest(1, Ping.getDefaultInstance()),
                rpc.userRequest(2, submit),
                rpc.userRequest(3, JobInfoRequest.newBuilder().addJobIds(5).build()));
        this.templates = requests.stream().map(TestRpc::frameBytes).toList();
    }

    byte[] next() {
        byte[] valid = templates.get(random.nextInt(templates.size())).clone();
        switch (random.nextInt(7)) {
            case 0:
                return randomBytes(random.nextInt(200));
            case 1: {
                for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                    valid[random.nextInt(valid.length)] ^= (byte) (1 << random.nextInt(8));
                }
                return valid;
            }
            case 2:
                return Arrays.copyOf(valid, random.nextInt(valid.length));
            case 3: {
                ByteBuffer.wrap(valid).putInt(8, random.nextInt());
                return valid;
            }
            case 4: {
                byte[] tail = randomBytes(1 + random.nextInt(64));
                return ByteBuffer.allocate(valid.length + tail.length).put(valid).put(tail).array();
            }
            case 5: {
                valid[random.nextInt(FrameHeader.SIZE)] = (byte) random.nextInt();
                return valid;
            }
            default: {
                // valid header, payload replaced by noise of the declared length
                byte[] noise = randomBytes(valid.length - FrameHeader.SIZE);
                System.arraycopy(noise, 0, valid, FrameHeader.SIZE, noise.length);
                return valid;
            }
        }
    }

    /** Splits input into 1..4 chunks at random points, as TCP might deliver it. */
    List<byte[]> chunks(byte[] input) {
        int cuts = random.nextInt(4);
        int[] points = new int[cuts + 2];
        points[cuts + 1] = input.length;
        for (int i = 1; i <= cuts; i++) {
            points[i] = input.length == 0 ? 0 : random.nextInt(input.length + 1);
        }
        Arrays.sort(points);
        java.util.ArrayList<byte[]> out = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < points.length; i++) {
            out.add(Arrays.copyOfRange(input, points[i], points[i + 1]));
        }
        return out;
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
