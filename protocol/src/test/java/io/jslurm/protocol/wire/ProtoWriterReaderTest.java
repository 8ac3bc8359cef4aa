package io.jslurm.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.MailType;
import io.jslurm.protocol.proto.WarningSignal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The hand-written encoding against protobuf-java's own, on the field kinds commands write by hand. */
class ProtoWriterReaderTest {

    @Test
    void scalarsAndStringsEncodeAsTheGeneratedClassesDo() throws Exception {
        int[] uints = {0, 1, 127, 128, 300, 16_383, 16_384, Integer.MAX_VALUE, -1, -2, Integer.MIN_VALUE};
        for (int value : uints) {
            byte[] generated = JobDescription.newBuilder().setMinNodes(value).build().toByteArray();
            assertThat(new ProtoWriter().uint32(3, value).toByteArray()).as("uint32 %d", value).isEqualTo(generated);
        }
        int[] ints = {0, 1, -1, -10, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int value : ints) {
            byte[] generated = JobDescription.newBuilder().setNice(value).build().toByteArray();
            assertThat(new ProtoWriter().int32(32, value).toByteArray()).as("int32 %d", value).isEqualTo(generated);
        }
        long[] longs = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1_764_500_000L};
        for (long value : longs) {
            byte[] generated = JobDescription.newBuilder().setBeginTime(value).build().toByteArray();
            assertThat(new ProtoWriter().varintIfSet(28, value).toByteArray()).as("int64 %d", value)
                    .isEqualTo(generated);
        }
        String text = "gpu:ä100 \uD83D\uDE80 \uD800 end";
        assertThat(new ProtoWriter().stringIfSet(1, text).stringIfSet(2, "").toByteArray())
                .isEqualTo(JobDescription.newBuilder().setName(text).setPartition("").build().toByteArray());
        assertThat(new ProtoWriter().boolIfSet(27, true).boolIfSet(51, false).uint32IfSet(43, 0).toByteArray())
                .isEqualTo(JobDescription.newBuilder().setHold(true).setOversubscribe(false).setUid(0).build()
                        .toByteArray());
    }

    @Test
    void messagesRepeatedAndPackedFieldsEncodeAsTheGeneratedClassesDo() {
        byte[] big = new byte[70_000];
        big[69_999] = 7;
        JobDescription generated = JobDescription.newBuilder()
                .setScript(ByteString.copyFrom(big))
                .addArgv("a").addArgv("")
                .setSignal(WarningSignal.getDefaultInstance())
                .addMailType(MailType.MAIL_BEGIN).addMailType(MailType.MAIL_ARRAY_TASKS)
                .build();
        byte[] written = new ProtoWriter(1)
                .bytes(23, big)
                .string(24, "a").string(24, "")
                .message(34, new ProtoWriter())
                .packedVarints(40, new int[] {1, 11})
                .packedVarints(41, new int[0])
                .toByteArray();
        assertThat(written).isEqualTo(generated.toByteArray());
    }

    @Test
    void readerReadsWhatTheGeneratedClassesWriteAndSkipsWhatItDoesNotKnow() throws Exception {
        byte[] message = Error.newBuilder().setCode(-2017).setMessage("Invalid job id specified")
                .setUnknownFields(UnknownFieldSet.newBuilder()
                        .addField(9, UnknownFieldSet.Field.newBuilder().addFixed32(5).addFixed64(6).addVarint(7)
                                .addLengthDelimited(ByteString.copyFromUtf8("x")).build())
                        .build())
                .build().toByteArray();
        int code = 0;
        String text = null;
        int skipped = 0;
        ProtoReader reader = new ProtoReader(message);
        while (reader.next()) {
            switch (reader.field()) {
                case 1 -> code = (int) reader.varint();
                case 2 -> text = reader.string();
                default -> {
                    reader.skip();
                    skipped++;
                }
            }
        }
        assertThat(code).isEqualTo(-2017);
        assertThat(text).isEqualTo("Invalid job id specified");
        assertThat(skipped).isEqualTo(4);
    }

    @Test
    void malformedInputIsAProtocolErrorNotACrash() {
        byte[] truncated = new ProtoWriter().string(2, "hello").toByteArray();
        ProtoReader short1 = new ProtoReader(truncated, 0, truncated.length - 1);
        assertThatThrownBy(() -> {
            short1.next();
            short1.bytes();
        }).isInstanceOf(ProtocolException.class).hasMessageContaining("length 5 of field 2");
        ProtoReader endless = new ProtoReader(new byte[] {8, (byte) 0x80, (byte) 0x80});
        assertThatThrownBy(() -> {
            endless.next();
            endless.varint();
        }).isInstanceOf(ProtocolException.class).hasMessageContaining("truncated varint");
        ProtoReader group = new ProtoReader(new byte[] {0x0B});
        assertThatThrownBy(() -> {
            group.next();
            group.skip();
        }).isInstanceOf(ProtocolException.class).hasMessageContaining("wire type 3");
        ProtoReader fieldZero = new ProtoReader(new byte[] {0x00, 0x01});
        assertThatThrownBy(fieldZero::next).isInstanceOf(ProtocolException.class).hasMessageContaining("field number 0");
        ProtoReader wrongType = new ProtoReader("x".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> {
            wrongType.next();
            wrongType.string();
        }).isInstanceOf(ProtocolException.class).hasMessageContaining("wire type 0 of field 15");
    }
}
