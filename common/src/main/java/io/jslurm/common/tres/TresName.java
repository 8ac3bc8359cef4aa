package io.jslurm.common.tres;

import java.util.Comparator;
import java.util.List;

/**
 * Trackable resource names and the order Slurm prints them in: the built-in ones by their fixed ids (cpu, mem,
 * energy, node, billing, fs/disk, vmem, pages), then the configured ones by kind (gres/, license/, bb/, fs/, ic/)
 * and name.
 */
public final class TresName {

    public static final String CPU = "cpu";
    public static final String MEM = "mem";
    public static final String ENERGY = "energy";
    public static final String NODE = "node";
    public static final String BILLING = "billing";
    public static final String FS_DISK = "fs/disk";
    public static final String VMEM = "vmem";
    public static final String PAGES = "pages";

    static final List<String> BUILT_IN = List.of(CPU, MEM, ENERGY, NODE, BILLING, FS_DISK, VMEM, PAGES);
    static final List<String> KINDS = List.of("gres/", "license/", "bb/", "fs/", "ic/");

    public static final Comparator<String> ORDER = Comparator.comparingInt(TresName::rank)
            .thenComparing(Comparator.naturalOrder());

    private TresName() {
    }

    public static String gres(String name) {
        return "gres/" + name;
    }

    public static String gres(String name, String type) {
        return "gres/" + name + ":" + type;
    }

    public static String license(String name) {
        return "license/" + name;
    }

    public static boolean isValid(String name) {
        if (BUILT_IN.contains(name)) {
            return true;
        }
        for (String kind : KINDS) {
            if (name.startsWith(kind) && name.length() > kind.length()) {
                return true;
            }
        }
        return false;
    }

    /** Memory-like TRES hold mebibytes and print with a unit. */
    static boolean isMemory(String name) {
        return name.equals(MEM) || name.equals(VMEM);
    }

    private static int rank(String name) {
        int builtIn = BUILT_IN.indexOf(name);
        if (builtIn >= 0) {
            return builtIn;
        }
        for (int i = 0; i < KINDS.size(); i++) {
            if (name.startsWith(KINDS.get(i))) {
                return BUILT_IN.size() + i;
            }
        }
        return BUILT_IN.size() + KINDS.size();
    }
}
