package io.jslurm.slurmd.cgroup;

/** A device node's kind, with the letter the v1 devices controller uses for it. */
public enum DeviceType {
    CHAR('c'),
    BLOCK('b');

    private final char letter;

    DeviceType(char letter) {
        this.letter = letter;
    }

    public char letter() {
        return letter;
    }
}
