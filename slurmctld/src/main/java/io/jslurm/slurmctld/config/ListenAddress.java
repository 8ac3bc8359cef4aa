package io.jslurm.slurmctld.config;

import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.slurm.ControllerHost;
import io.jslurm.conf.slurm.SlurmConfig;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where slurmctld listens. By default on every address of the host, as Slurm; with
 * {@code CommunicationParameters=NoCtldInAddrAny} (or {@code NoInAddrAny}, which asks it of every daemon) only on
 * the address of this host's {@code SlurmctldHost} entry, so a controller meant for one machine (a test or
 * training run on {@code localhost(127.0.0.1)}) cannot be reached from the network.
 */
public final class ListenAddress {

    private ListenAddress() {
    }

    /**
     * @param localHost this host's name, to pick its entry among several {@code SlurmctldHost} lines (the
     *                  primary's when none matches)
     * @throws UnknownHostException when the entry's address does not resolve
     */
    public static InetSocketAddress of(SlurmConfig slurm, String localHost) throws UnknownHostException {
        int port = slurm.slurmctldPort().first();
        if (!notInAddrAny(slurm)) {
            return new InetSocketAddress(port);
        }
        ControllerHost host = slurm.controllers().stream()
                .filter(controller -> sameHost(controller.name(), localHost))
                .findFirst()
                .orElse(slurm.controllers().get(0));
        try {
            return new InetSocketAddress(InetAddress.getByName(host.connectTo()), port);
        } catch (UnknownHostException e) {
            throw new UnknownHostException("SlurmctldHost=" + host + ": cannot resolve " + host.connectTo()
                    + " to listen on it (CommunicationParameters asks not to listen on every address)");
        }
    }

    private static boolean notInAddrAny(SlurmConfig slurm) {
        ConfPair parameters = slurm.settings().get("CommunicationParameters");
        if (parameters == null) {
            return false;
        }
        for (String item : parameters.value().split(",")) {
            String option = item.strip().toLowerCase(Locale.ROOT);
            if (option.equals("noctldinaddrany") || option.equals("noinaddrany")) {
                return true;
            }
        }
        return false;
    }

    /** Host names compared as Slurm does for SlurmctldHost: the short name suffices. */
    private static boolean sameHost(String configured, String local) {
        return shortName(configured).equalsIgnoreCase(shortName(local));
    }

    private static String shortName(String host) {
        int dot = host.indexOf('.');
        return dot < 0 ? host : host.substring(0, dot);
    }
}
