package io.jslurm.protocol;

import io.jslurm.protocol.proto.EnvironmentVariable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Environments as messages carry them (a list of NAME=VALUE, in the order given) and as programs use them (a
 * map). A name given twice keeps its last value, as a protobuf map field would.
 */
public final class EnvironmentVariables {

    private EnvironmentVariables() {
    }

    public static List<EnvironmentVariable> of(Map<String, String> environment) {
        List<EnvironmentVariable> variables = new ArrayList<>(environment.size());
        environment.forEach((name, value) -> variables.add(EnvironmentVariable.newBuilder().setName(name)
                .setValue(value).build()));
        return variables;
    }

    public static Map<String, String> toMap(List<EnvironmentVariable> variables) {
        Map<String, String> environment = new LinkedHashMap<>(variables.size() * 2);
        for (EnvironmentVariable variable : variables) {
            environment.put(variable.getName(), variable.getValue());
        }
        return environment;
    }
}
