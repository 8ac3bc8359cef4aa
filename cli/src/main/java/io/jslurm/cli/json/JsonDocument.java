package io.jslurm.cli.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.common.Version;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The document every {@code --json} output is: the records under their plural name ({@code jobs},
 * {@code nodes}, {@code partitions}), then {@code meta}, {@code errors} and {@code warnings}, in the
 * shapes of Slurm's data_parser v0.0.40.
 */
public final class JsonDocument {

    public static final String DATA_PARSER = "data_parser/v0.0.40";

    /** Writes the records of one document. */
    @FunctionalInterface
    public interface Body {
        void write(JsonWriter json) throws IOException;
    }

    private JsonDocument() {
    }

    /**
     * @param command the command line as typed, program name first
     * @param cluster ClusterName, or empty when unknown
     */
    public static void write(OutputStream out, List<String> command, ClientIdentity client, String cluster, Body body) {
        try (JsonGenerator generator = new JsonFactory().createGenerator(nonClosing(out), JsonEncoding.UTF8)) {
            generator.useDefaultPrettyPrinter();
            JsonWriter json = new JsonWriter(generator);
            generator.writeStartObject();
            body.write(json);
            meta(json, command, client, cluster);
            generator.writeArrayFieldStart("errors");
            generator.writeEndArray();
            generator.writeArrayFieldStart("warnings");
            generator.writeEndArray();
            generator.writeEndObject();
            generator.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void meta(JsonWriter json, List<String> command, ClientIdentity client, String cluster)
            throws IOException {
        JsonGenerator g = json.generator();
        g.writeObjectFieldStart("meta");
        g.writeObjectFieldStart("plugin");
        g.writeStringField("type", "");
        g.writeStringField("name", "");
        g.writeStringField("data_parser", DATA_PARSER);
        g.writeStringField("accounting_storage", "");
        g.writeEndObject();
        g.writeObjectFieldStart("client");
        g.writeStringField("source", "");
        g.writeStringField("user", client.user());
        g.writeStringField("group", Long.toString(client.gid()));
        g.writeEndObject();
        json.strings("command", command);
        g.writeObjectFieldStart("slurm");
        g.writeObjectFieldStart("version");
        String[] parts = Version.current().split("[.-]");
        g.writeStringField("major", parts.length > 0 ? parts[0] : "");
        g.writeStringField("micro", parts.length > 2 ? parts[2] : "");
        g.writeStringField("minor", parts.length > 1 ? parts[1] : "");
        g.writeEndObject();
        g.writeStringField("release", Version.current());
        g.writeStringField("cluster", cluster);
        g.writeEndObject();
        g.writeEndObject();
    }

    private static OutputStream nonClosing(OutputStream out) {
        return new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush();
            }
        };
    }
}
