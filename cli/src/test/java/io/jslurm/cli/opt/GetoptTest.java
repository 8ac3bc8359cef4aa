package io.jslurm.cli.opt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Error texts were compared with Slurm 22.05's sbatch, which uses getopt_long. */
class GetoptTest {

    private static final List<Option> OPTIONS = List.of(Option.value("partition", 'p'), Option.flag("parsable"),
            Option.value("mem"), Option.value("mem-per-cpu"), Option.value("mem-per-gpu"), Option.value("ntasks", 'n'),
            Option.flag("verbose", 'v'), Option.flag("hold", 'H'), Option.optionalValue("exclusive"),
            Option.value("wrap"));

    private final Getopt sbatchLike = new Getopt(OPTIONS, true);

    private static String render(ParsedOptions parsed) {
        StringBuilder out = new StringBuilder();
        for (ParsedOptions.Given given : parsed.options()) {
            out.append(given.option().longName()).append('=').append(given.value()).append(' ');
        }
        return out.append(parsed.operands()).toString();
    }

    @Test
    void longOptionsWithAttachedOrSeparateValuesAndAbbreviations() {
        ParsedOptions parsed = sbatchLike.parse(List.of("--partition=gpu", "--mem", "16G", "--part", "x",
                "--mem-per-c=2G", "--wrap", "echo hi"));
        assertThat(render(parsed)).isEqualTo("partition=gpu mem=16G partition=x mem-per-cpu=2G wrap=echo hi []");
    }

    @Test
    void shortOptionsAttachedSeparateAndClustered() {
        ParsedOptions parsed = sbatchLike.parse(List.of("-n4", "-p", "gpu", "-vvH", "-vn", "2"));
        assertThat(render(parsed)).isEqualTo(
                "ntasks=4 partition=gpu verbose=null verbose=null hold=null verbose=null ntasks=2 []");
    }

    @Test
    void optionalValuesOnlyWhenAttached() {
        ParsedOptions parsed = new Getopt(OPTIONS, false).parse(List.of("--exclusive", "user", "--exclusive=mcs"));
        assertThat(render(parsed)).isEqualTo("exclusive=null exclusive=mcs [user]");
    }

    @Test
    void stopsAtTheScriptSoItsArgumentsPassThrough() {
        ParsedOptions parsed = sbatchLike.parse(List.of("-p", "gpu", "train.sh", "--epochs", "3", "-n", "2"));
        assertThat(parsed.operands()).containsExactly("train.sh", "--epochs", "3", "-n", "2");
        assertThat(sbatchLike.parse(List.of("--", "-p")).operands()).containsExactly("-p");
    }

    @Test
    void permutingCommandsTakeOptionsAfterOperands() {
        ParsedOptions parsed = new Getopt(OPTIONS, false).parse(List.of("123", "-v", "456"));
        assertThat(render(parsed)).isEqualTo("verbose=null [123, 456]");
    }

    @Test
    void errorsReadAsGetoptPrintsThem() {
        assertThatThrownBy(() -> sbatchLike.parse(List.of("--foo"))).hasMessage("unrecognized option '--foo'");
        assertThatThrownBy(() -> sbatchLike.parse(List.of("-Z"))).hasMessage("invalid option -- 'Z'");
        assertThatThrownBy(() -> sbatchLike.parse(List.of("--partition")))
                .hasMessage("option '--partition' requires an argument");
        assertThatThrownBy(() -> sbatchLike.parse(List.of("--par=x")))
                .hasMessage("option '--par=x' is ambiguous; possibilities: '--parsable' '--partition'");
        assertThatThrownBy(() -> sbatchLike.parse(List.of("--mem-per=1")))
                .hasMessage("option '--mem-per=1' is ambiguous; possibilities: '--mem-per-cpu' '--mem-per-gpu'");
        assertThatThrownBy(() -> sbatchLike.parse(List.of("--hold=1"))).hasMessage(
                "option '--hold' doesn't allow an argument");
        assertThatThrownBy(() -> sbatchLike.parse(List.of("-p"))).hasMessage("option requires an argument -- 'p'");
    }
}
