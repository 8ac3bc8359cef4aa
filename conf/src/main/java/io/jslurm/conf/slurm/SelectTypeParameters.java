package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ValueForms;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** {@code SelectTypeParameters}: one resource mode and any modifiers, e.g. {@code CR_Core_Memory,CR_LLN}. */
public record SelectTypeParameters(ResourceMode mode, Set<SelectFlag> flags) {

    public SelectTypeParameters {
        Objects.requireNonNull(mode, "mode");
        flags = Set.copyOf(flags);
    }

    public boolean memoryIsConsumable() {
        return switch (mode) {
            case CR_CPU_MEMORY, CR_CORE_MEMORY, CR_SOCKET_MEMORY, CR_MEMORY -> true;
            default -> false;
        };
    }

    public static SelectTypeParameters parse(String text) {
        ResourceMode mode = null;
        Set<SelectFlag> flags = new LinkedHashSet<>();
        for (String item : ValueForms.splitList(text)) {
            Optional<ResourceMode> asMode = ValueForms.findChoice(item, ResourceMode.class);
            if (asMode.isPresent() && mode != null) {
                throw new IllegalArgumentException("only one of " + ValueForms.allowed(ResourceMode.class) + " may be given");
            } else if (asMode.isPresent()) {
                mode = asMode.get();
            } else {
                flags.add(ValueForms.findChoice(item, SelectFlag.class).orElseThrow(() -> new IllegalArgumentException(
                        "'" + item + "' is neither a resource mode (" + ValueForms.allowed(ResourceMode.class)
                                + ") nor a modifier (" + ValueForms.allowed(SelectFlag.class) + ")")));
            }
        }
        if (mode == null) {
            throw new IllegalArgumentException("expected one of " + ValueForms.allowed(ResourceMode.class));
        }
        return new SelectTypeParameters(mode, flags);
    }
}
