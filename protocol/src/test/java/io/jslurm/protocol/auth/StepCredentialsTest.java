package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.proto.SignedStepLayout;
import io.jslurm.protocol.proto.StepLayout;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StepCredentialsTest {

    private final StepCredentials credentials = new StepCredentials(
            SlurmKey.of("step-credential-test-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8)));
    private final StepLayout layout = StepLayout.newBuilder().setJobId(12).setStepId(1).setUid(1000)
            .setNodeList("n[1-2]").setNtasks(4).build();

    @Test
    void aSignedLayoutReadsBack() throws AuthException {
        assertThat(credentials.verify(credentials.sign(layout))).isEqualTo(layout);
    }

    @Test
    void aChangedLayoutIsRefused() {
        SignedStepLayout signed = credentials.sign(layout);
        SignedStepLayout forged = signed.toBuilder()
                .setLayout(layout.toBuilder().setUid(0).build().toByteString()).build();
        assertThatThrownBy(() -> credentials.verify(forged)).isInstanceOf(AuthException.class)
                .hasMessageContaining("signature");
    }

    @Test
    void anotherClustersSignatureIsRefused() {
        StepCredentials other = new StepCredentials(
                SlurmKey.of("another-cluster-key-0123456789abcdef0123".getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> credentials.verify(other.sign(layout))).isInstanceOf(AuthException.class);
        assertThatThrownBy(() -> credentials.verify(SignedStepLayout.newBuilder()
                .setLayout(layout.toByteString()).setSignature(ByteString.copyFrom(new byte[32])).build()))
                .isInstanceOf(AuthException.class);
    }
}
