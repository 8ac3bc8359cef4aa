package io.jslurm.conf.parse;

/** The shape of a key's value; {@link #expected()} is what error messages say is allowed. */
public enum ValueType {
    STRING("a string"),
    NUMBER("a whole number"),
    BOOLEAN("YES or NO"),
    SECONDS("a number of seconds"),
    MINUTES("a number of minutes"),
    TIME("a time such as 30, 72:00:00, 7-00:00:00 or UNLIMITED"),
    MEMORY("a whole number of megabytes"),
    PERCENT("a percentage from 0 to 100"),
    LIST("a comma-separated list"),
    OPTIONS("comma-separated options, each NAME or NAME=VALUE"),
    HOSTLIST("a hostlist such as node[01-16]"),
    IDS("a list of ids such as 0-31 or 0,2,4-7"),
    HOST("a host name, optionally followed by (address)"),
    PATH("a file or directory path"),
    PLUGIN("a plugin name such as select/cons_tres"),
    CHOICE("one of the listed values"),
    GRES("a GRES list such as gpu:a100:8"),
    TRES("a TRES list such as cpu,mem,gres/gpu"),
    PORT("a port number from 1 to 65535, or a range such as 60001-63000");

    private final String expected;

    ValueType(String expected) {
        this.expected = expected;
    }

    public String expected() {
        return expected;
    }
}
