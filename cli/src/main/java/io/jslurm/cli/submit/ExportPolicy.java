package io.jslurm.cli.submit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * {@code --export}: which of the submitting environment the job sees. {@code ALL} (the default) passes all of it;
 * otherwise only {@code SLURM_*} variables pass, plus the variables named ({@code EDITOR}) or given a value
 * ({@code ARG1=test}). With {@code ALL}, a variable the submitter has set wins over a value given here.
 *
 * @param all       whether the whole environment is passed
 * @param names     variables to pass with the submitter's value
 * @param values    variables given a value in the option
 * @param text      the option as given, or {@code ALL} by default; it is what {@code SLURM_EXPORT_ENV} carries
 */
public record ExportPolicy(boolean all, List<String> names, Map<String, String> values, String text) {

    public static final ExportPolicy DEFAULT = new ExportPolicy(true, List.of(), Map.of(), "ALL");

    private static final String SLURM_PREFIX = "SLURM_";

    public ExportPolicy {
        names = List.copyOf(names);
        values = Map.copyOf(values);
        Objects.requireNonNull(text, "text is null");
    }

    public static ExportPolicy parse(String text) {
        boolean all = false;
        List<String> names = new ArrayList<>();
        Map<String, String> values = new LinkedHashMap<>();
        for (String word : text.split(",")) {
            String upper = word.toUpperCase(Locale.ROOT);
            if (upper.equals("ALL")) {
                all = true;
            } else if (upper.equals("NONE") || word.isEmpty()) {
                continue;
            } else {
                int equals = word.indexOf('=');
                if (equals == 0) {
                    throw SubmitException.invalidSpecification("export");
                }
                if (equals < 0) {
                    names.add(word);
                } else {
                    values.put(word.substring(0, equals), word.substring(equals + 1));
                }
            }
        }
        return new ExportPolicy(all, names, values, text);
    }

    /** Whether only {@code SLURM_*} variables pass: {@code NONE}. */
    public boolean isNone() {
        return !all && names.isEmpty() && values.isEmpty();
    }

    /** The job's environment drawn from {@code submitting}, sorted by name. */
    public Map<String, String> apply(Map<String, String> submitting) {
        Map<String, String> job = new TreeMap<>();
        if (all) {
            job.putAll(values);
            job.putAll(submitting);
            return job;
        }
        for (Map.Entry<String, String> variable : submitting.entrySet()) {
            if (variable.getKey().startsWith(SLURM_PREFIX)) {
                job.put(variable.getKey(), variable.getValue());
            }
        }
        for (String name : names) {
            String value = submitting.get(name);
            if (value != null) {
                job.put(name, value);
            }
        }
        job.putAll(values);
        return job;
    }
}
