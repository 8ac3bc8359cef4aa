package io.jslurm.conf.slurm;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A controller host as {@code SlurmctldHost} names it: {@code name} or {@code name(address)}. */
public record ControllerHost(String name, Optional<String> address) {

    private static final Pattern FORM = Pattern.compile("([^()\\s]+)(?:\\(([^()\\s]+)\\))?");

    public ControllerHost {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        if (name.isBlank()) {
            throw new IllegalArgumentException("controller host name is empty");
        }
    }

    public static ControllerHost parse(String text) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a host name, optionally followed by (address)");
        }
        return new ControllerHost(m.group(1), Optional.ofNullable(m.group(2)));
    }

    /** Where to connect: the address when one is given, else the name. */
    public String connectTo() {
        return address.orElse(name);
    }

    @Override
    public String toString() {
        return address.map(a -> name + "(" + a + ")").orElse(name);
    }
}
