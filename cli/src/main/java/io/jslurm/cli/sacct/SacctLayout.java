package io.jslurm.cli.sacct;

import java.util.Arrays;
import java.util.List;

/** sacct's rows laid out as a {@link FieldTable} of the chosen fields. */
public record SacctLayout(List<SacctField> fields, FieldTable table) {

    public SacctLayout(List<SacctField> fields, FieldTable.Mode mode, String delimiter, boolean header) {
        this(List.copyOf(fields), new FieldTable(fields.stream().map(SacctField::name).toList(),
                fields.stream().map(SacctField::width).toList(), mode, delimiter, header));
    }

    public void print(List<SacctRow> rows, SacctContext context, StringBuilder out) {
        table.printHeader(out);
        String[] values = new String[fields.size()];
        for (SacctRow row : rows) {
            for (int i = 0; i < values.length; i++) {
                values[i] = fields.get(i).value().apply(row, context);
            }
            table.printRow(Arrays.asList(values), out);
        }
    }
}
