package io.jslurm.protocol.auth;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.jslurm.protocol.proto.SignedStepLayout;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.ErrorCode;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * The controller's signature on a step's layout: slurmd starts tasks only for a layout the controller signed,
 * whoever brings it. The signature covers the serialised bytes as they travel, so no canonical form is needed.
 */
public final class StepCredentials {

    private final SlurmKey key;

    public StepCredentials(SlurmKey key) {
        this.key = Objects.requireNonNull(key, "key");
    }

    public SignedStepLayout sign(StepLayout layout) {
        byte[] bytes = layout.toByteArray();
        return SignedStepLayout.newBuilder().setLayout(ByteString.copyFrom(bytes))
                .setSignature(ByteString.copyFrom(key.mac(bytes))).build();
    }

    /** @throws AuthException when the signature does not match or the layout cannot be read */
    public StepLayout verify(SignedStepLayout signed) throws AuthException {
        byte[] bytes = signed.getLayout().toByteArray();
        if (!MessageDigest.isEqual(key.mac(bytes), signed.getSignature().toByteArray())) {
            throw new AuthException(ErrorCode.ESLURM_AUTH_CRED_INVALID, "step credential signature does not match");
        }
        try {
            return StepLayout.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new AuthException(ErrorCode.ESLURM_AUTH_CRED_INVALID, "step credential unreadable: " + e.getMessage());
        }
    }
}
