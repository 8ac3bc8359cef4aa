package io.jslurm.cli.sbatch;

import io.jslurm.cli.opt.Getopt;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.OptionException;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.cli.submit.Command;
import io.jslurm.cli.submit.JobScript;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.cli.submit.OptionSource;
import io.jslurm.cli.submit.SubmissionBuilder;
import io.jslurm.cli.submit.SubmitContext;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.cli.submit.SubmitOption;
import io.jslurm.cli.submit.SubmitOptions;
import io.jslurm.common.Version;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns an sbatch command line, its environment and its script into a {@link JobSubmission}. Sources apply in
 * Slurm's order, each overriding the one before: {@code #SBATCH} directives, then {@code SBATCH_*} variables,
 * then the command line.
 */
public final class SbatchParser {

    static final String PROGRAM = "sbatch";
    private static final String WRAP_NAME = "wrap";
    private static final String STDIN_NAME = "sbatch";

    private final SubmitContext context;
    private final List<SubmitOption> table;
    /** By identity: getopt hands back the table's own objects, and record equality would cost start-up time. */
    private final Map<Option, SubmitOption> rows = new IdentityHashMap<>();
    private final Getopt commandLine;
    private final Getopt directives;

    public SbatchParser(SubmitContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.table = SubmitOptions.sbatch();
        List<Option> options = new ArrayList<>(table.size());
        for (SubmitOption row : table) {
            options.add(row.option());
            rows.put(row.option(), row);
        }
        this.commandLine = new Getopt(options, true);
        this.directives = new Getopt(options, false);
    }

    /** @throws SubmitException when sbatch would refuse the submission, with its message and exit status */
    public SbatchOutcome parse(List<String> args) {
        ParsedOptions given = getopt(commandLine, args, OptionSource.COMMAND_LINE);
        Optional<SbatchOutcome> print = printRequest(given);
        if (print.isPresent()) {
            return print.get();
        }
        SubmissionBuilder builder = new SubmissionBuilder(context);
        Optional<String> wrap = lastValue(given, "wrap");
        List<String> operands = given.operands();
        JobScript script;
        List<String> scriptArguments;
        String defaultName;
        String scriptName;
        if (wrap.isPresent()) {
            if (!operands.isEmpty()) {
                throw SubmitException.error("Script arguments not permitted with --wrap option");
            }
            script = new JobScript(BatchScript.wrap(wrap.get()).text(), Optional.empty());
            scriptArguments = List.of();
            defaultName = WRAP_NAME;
            scriptName = WRAP_NAME;
        } else {
            String path = operands.isEmpty() ? null : operands.get(0);
            scriptName = path == null ? "standard input" : path;
            BatchScript batch = readScript(path);
            applyDirectives(builder, batch, scriptName);
            script = new JobScript(batch.text(), Optional.ofNullable(path));
            scriptArguments = operands.isEmpty() ? List.of() : operands.subList(1, operands.size());
            defaultName = path == null ? STDIN_NAME : baseName(path);
        }
        applyEnvironment(builder);
        for (ParsedOptions.Given option : given.options()) {
            builder.apply(rowOf(option), option.value(), OptionSource.COMMAND_LINE);
        }
        return new SbatchOutcome.Submit(builder.build(script, scriptArguments, defaultName));
    }

    private Optional<SbatchOutcome> printRequest(ParsedOptions given) {
        for (ParsedOptions.Given option : given.options()) {
            switch (option.option().longName()) {
                case "help" -> {
                    return Optional.of(new SbatchOutcome.Print(SbatchHelp.help(table)));
                }
                case "usage" -> {
                    return Optional.of(new SbatchOutcome.Print(SbatchHelp.usage()));
                }
                case "version" -> {
                    return Optional.of(new SbatchOutcome.Print(Version.line() + "\n"));
                }
                default -> {
                }
            }
        }
        return Optional.empty();
    }

    private BatchScript readScript(String path) {
        String text;
        try {
            text = path == null ? context.system().readStandardInput() : context.system().readFile(path);
        } catch (IOException unreadable) {
            throw SubmitException.error("Unable to open file " + path);
        }
        try {
            return BatchScript.parse(text);
        } catch (BatchScriptException refused) {
            throw SubmitException.error(refused.getMessage());
        }
    }

    /** Each directive line on its own, so that a refusal names its line. */
    private void applyDirectives(SubmissionBuilder builder, BatchScript script, String scriptName) {
        List<BatchScript.Directive> all = script.directives();
        int start = 0;
        while (start < all.size()) {
            int line = all.get(start).line();
            int end = start;
            List<String> words = new ArrayList<>();
            while (end < all.size() && all.get(end).line() == line) {
                words.add(all.get(end++).argument());
            }
            OptionSource source = new OptionSource.Directive(scriptName, line);
            ParsedOptions parsed = getopt(directives, words, source);
            if (!parsed.operands().isEmpty()) {
                throw SubmitException.badOption("Invalid directive found in batch script: " + parsed.operands().get(0))
                        .from(source);
            }
            for (ParsedOptions.Given option : parsed.options()) {
                builder.apply(rowOf(option), option.value(), source);
            }
            start = end;
        }
    }

    private void applyEnvironment(SubmissionBuilder builder) {
        Map<String, String> environment = context.environment();
        for (SubmitOption row : table) {
            for (String variable : row.environmentFor(Command.SBATCH)) {
                String value = environment.get(variable);
                if (value == null) {
                    continue;
                }
                builder.apply(row, row.argumentFromEnvironment(value), new OptionSource.Environment(variable));
            }
        }
    }

    private SubmitOption rowOf(ParsedOptions.Given given) {
        return rows.get(given.option());
    }

    private static ParsedOptions getopt(Getopt getopt, List<String> words, OptionSource source) {
        try {
            return getopt.parse(words);
        } catch (OptionException refused) {
            throw SubmitException.getopt(refused.getMessage()).from(source);
        }
    }

    private static Optional<String> lastValue(ParsedOptions given, String longName) {
        String value = null;
        for (ParsedOptions.Given option : given.options()) {
            if (option.option().longName().equals(longName)) {
                value = option.value();
            }
        }
        return Optional.ofNullable(value);
    }

    private static String baseName(String path) {
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }
}
