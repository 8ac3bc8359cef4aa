package io.jslurm.protocol.wire;

/** What a frame's payload is, so one listening port can serve several connection types. */
public enum FrameKind {
    CLIENT(1),
    NODE(2),
    DBD(3),
    CREDENTIAL_REPLY(4);

    private final int wireValue;

    FrameKind(int wireValue) {
        this.wireValue = wireValue;
    }

    public int wireValue() {
        return wireValue;
    }

    /** @return the kind, or null when the value names none */
    public static FrameKind fromWire(int value) {
        for (FrameKind kind : values()) {
            if (kind.wireValue == value) {
                return kind;
            }
        }
        return null;
    }
}
