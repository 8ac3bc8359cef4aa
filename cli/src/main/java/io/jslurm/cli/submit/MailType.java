package io.jslurm.cli.submit;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The events {@code --mail-type} asks to be told about. */
public enum MailType {
    BEGIN, END, FAIL, REQUEUE, INVALID_DEPEND, STAGE_OUT, TIME_LIMIT, TIME_LIMIT_90, TIME_LIMIT_80, TIME_LIMIT_50,
    ARRAY_TASKS;

    private static final Set<MailType> ALL = EnumSet.of(BEGIN, END, FAIL, REQUEUE, INVALID_DEPEND, STAGE_OUT);

    /** A comma-separated list, any case; {@code NONE} clears and {@code ALL} stands for the usual events. */
    public static Set<MailType> parseList(String value) {
        EnumSet<MailType> types = EnumSet.noneOf(MailType.class);
        for (String word : value.split(",", -1)) {
            String name = word.strip().toUpperCase(Locale.ROOT);
            switch (name) {
                case "NONE" -> types.clear();
                case "ALL" -> types.addAll(ALL);
                default -> {
                    try {
                        types.add(MailType.valueOf(name));
                    } catch (IllegalArgumentException unknown) {
                        throw SubmitException.invalidSpecification("mail-type");
                    }
                }
            }
        }
        return Collections.unmodifiableSet(types);
    }
}
