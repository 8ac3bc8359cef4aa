package io.jslurm.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.ProtocolVersion;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FrameHeaderTest {

    @Test
    void roundTripsThroughTwelveBytes() throws Exception {
        FrameHeader header = FrameHeader.current(FrameKind.NODE, 1234);
        byte[] bytes = header.toBytes();
        assertThat(bytes).hasSize(FrameHeader.SIZE);
        assertThat(new String(bytes, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("JSLM");
        assertThat(FrameHeader.read(ByteBuffer.wrap(bytes), 4096)).isEqualTo(header);
    }

    @Test
    void refusesForeignMagic() {
        byte[] http = "GET / HTTP/1.1\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> FrameHeader.read(ByteBuffer.wrap(http), 4096))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR));
    }

    @Test
    void refusesUnsupportedVersion() {
        byte[] bytes = new FrameHeader(ProtocolVersion.CURRENT + 1, FrameKind.CLIENT, 0).toBytes();
        assertThatThrownBy(() -> FrameHeader.read(ByteBuffer.wrap(bytes), 4096))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SLURM_PROTOCOL_VERSION_ERROR))
                .hasMessageContaining("version 2");
    }

    @Test
    void refusesPayloadAboveTheLimitEvenWhenItLooksNegative() {
        byte[] bytes = FrameHeader.current(FrameKind.CLIENT, 0).toBytes();
        ByteBuffer.wrap(bytes).putInt(8, 0xFFFFFFF0);
        assertThatThrownBy(() -> FrameHeader.read(ByteBuffer.wrap(bytes), 1 << 20))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SLURM_PROTOCOL_INSANE_MSG_LENGTH))
                .hasMessageContaining("4294967280");
    }

    @Test
    void refusesUnknownKindAndFlags() {
        byte[] kind = FrameHeader.current(FrameKind.CLIENT, 0).toBytes();
        kind[6] = 99;
        assertThatThrownBy(() -> FrameHeader.read(ByteBuffer.wrap(kind), 10)).hasMessageContaining("kind 99");
        byte[] flags = FrameHeader.current(FrameKind.CLIENT, 0).toBytes();
        flags[7] = 1;
        assertThatThrownBy(() -> FrameHeader.read(ByteBuffer.wrap(flags), 10)).hasMessageContaining("flags 1");
    }
}
