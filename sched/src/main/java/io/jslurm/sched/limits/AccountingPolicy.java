package io.jslurm.sched.limits;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The QOS and associations the limits come from, as accounting last told the controller.
 *
 * @param enforceLimits AccountingStorageEnforce includes limits (or safe); without it only validity is checked
 */
public record AccountingPolicy(Map<String, QosLimits> qos, Map<Long, AssocLimits> associations,
        boolean enforceLimits) {

    /** No accounting: nothing is limited. */
    public static final AccountingPolicy NONE = new AccountingPolicy(Map.of(), Map.of(), false);

    public AccountingPolicy {
        qos = Map.copyOf(qos);
        associations = Map.copyOf(associations);
    }

    public Optional<QosLimits> qos(String name) {
        return Optional.ofNullable(qos.get(name));
    }

    /** The associations of a chain that are known, in chain order. */
    public List<AssocLimits> chain(LimitedJob job) {
        return job.assocChain().stream().map(associations::get).filter(Objects::nonNull).toList();
    }
}
