package io.jslurm.conf.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.Diagnostics;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** However pairs are laid out (one per line, continued, commented), the lexer gives back the same pairs. */
class ConfLexerPropertiesTest {

    record Pair(String key, String value) {
    }

    @Provide
    Arbitrary<List<Pair>> pairs() {
        Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').ofMinLength(1)
                .ofMaxLength(12);
        Arbitrary<String> values = Arbitraries.strings().withChars("abcXYZ019[]-,:/.=_").ofMaxLength(16);
        return Combinators.combine(keys, values).as(Pair::new).list().ofMinSize(1).ofMaxSize(8);
    }

    @Property
    void layoutDoesNotChangeThePairs(@ForAll("pairs") List<Pair> pairs, @ForAll boolean continued,
                                     @ForAll boolean commented) {
        StringBuilder text = new StringBuilder("# header\n");
        for (int i = 0; i < pairs.size(); i++) {
            text.append(pairs.get(i).key()).append('=').append(pairs.get(i).value());
            boolean last = i == pairs.size() - 1;
            if (continued && !last) {
                text.append(" \\\n   ");
            } else {
                text.append(commented ? "   # note\n" : "\n");
            }
        }
        Diagnostics diagnostics = new Diagnostics();

        List<ConfPair> lexed = ConfLexer.lex("f", text.toString(), diagnostics).stream()
                .flatMap(line -> line.pairs().stream()).toList();

        assertThat(diagnostics.errors()).isEmpty();
        assertThat(lexed).extracting(p -> new Pair(p.key(), p.value())).containsExactlyElementsOf(pairs);
    }
}
