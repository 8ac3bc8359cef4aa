package io.jslurm.conf.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfLexerTest {

    private final Diagnostics diagnostics = new Diagnostics();

    private List<ConfLine> lex(String text) {
        return ConfLexer.lex("slurm.conf", text, diagnostics);
    }

    private static List<String> pairs(ConfLine line) {
        return line.pairs().stream().map(p -> p.key() + "=" + p.value()).toList();
    }

    @Test
    void commentAfterValueIsDropped() {
        List<ConfLine> lines = lex("SlurmctldHost=headnode01   # primary\n# whole line\n\n");

        assertThat(lines).hasSize(1);
        assertThat(pairs(lines.get(0))).containsExactly("SlurmctldHost=headnode01");
        assertThat(lines.get(0).location()).isEqualTo(new Location("slurm.conf", 1));
    }

    @Test
    void continuationJoinsLinesAndKeepsTheFirstLineNumber() {
        List<ConfLine> lines = lex("A=1\nNodeName=n[1-2] \\\n    CPUs=4 \\\n    State=UNKNOWN\nB=2\n");

        assertThat(lines).hasSize(3);
        assertThat(pairs(lines.get(1))).containsExactly("NodeName=n[1-2]", "CPUs=4", "State=UNKNOWN");
        assertThat(lines.get(1).location().line()).isEqualTo(2);
        assertThat(lines.get(2).location().line()).isEqualTo(5);
        assertThat(diagnostics.hasErrors()).isFalse();
    }

    @Test
    void continuationJoinsDirectlySoAValueMayBeSplit() {
        List<ConfLine> lines = lex("SchedulerParameters=bf_window=2880,\\\nbf_continue\n");

        assertThat(pairs(lines.get(0))).containsExactly("SchedulerParameters=bf_window=2880,bf_continue");
    }

    @Test
    void quotesKeepBlanksAndHashes() {
        List<ConfLine> lines = lex("NodeName=n1 Reason=\"disk #3 failed\" State=DOWN\n");

        assertThat(pairs(lines.get(0))).containsExactly("NodeName=n1", "Reason=disk #3 failed", "State=DOWN");
    }

    @Test
    void escapedHashIsLiteral() {
        List<ConfLine> lines = lex("MailProg=/usr/bin/mail\\#x # comment\n");

        assertThat(pairs(lines.get(0))).containsExactly("MailProg=/usr/bin/mail#x");
    }

    @Test
    void optionStringsAndListsStayOneValue() {
        List<ConfLine> lines = lex("SchedulerParameters=bf_window=2880,bf_continue\r\nGresTypes=gpu,mps\r\n");

        assertThat(pairs(lines.get(0))).containsExactly("SchedulerParameters=bf_window=2880,bf_continue");
        assertThat(pairs(lines.get(1))).containsExactly("GresTypes=gpu,mps");
    }

    @Test
    void includeKeepsTheRestOfTheLine() {
        List<ConfLine> lines = lex("include   \"conf.d/*.conf\"\n");

        assertThat(lines.get(0).startsWith("Include")).isTrue();
        assertThat(lines.get(0).first().value()).isEqualTo("conf.d/*.conf");
    }

    @Test
    void emptyValueIsKept() {
        List<ConfLine> lines = lex("Epilog=\n");

        assertThat(pairs(lines.get(0))).containsExactly("Epilog=");
    }
}
