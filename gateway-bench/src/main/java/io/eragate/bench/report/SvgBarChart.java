package io.eragate.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Grouped bar charts as plain SVG text, no library: one or more panels stacked vertically, each with a y axis
 * starting at zero, a bar per series in every group, the value written above each bar, and a legend.
 */
public final class SvgBarChart {
    private static final int WIDTH = 960;
    private static final int PANEL_HEIGHT = 300;
    private static final int TITLE_HEIGHT = 40;
    private static final int LEFT = 80;
    private static final int RIGHT = 20;
    private static final int PANEL_TOP = 70;
    private static final int LEGEND_ROW = 16;
    private static final int PANEL_BOTTOM = 50;
    private static final int TICKS = 5;
    private static final String FONT = "font-family=\"sans-serif\"";

    private SvgBarChart() {
    }

    /**
     * One bar series.
     *
     * @param name legend text
     * @param color fill, as an SVG colour
     */
    public record Series(String name, String color) {
        public Series {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(color, "color");
        }
    }

    /**
     * One chart.
     *
     * @param title above the panel
     * @param unit the y axis label
     * @param groups x axis categories
     * @param series the bars of each group, in order
     * @param values {@code values[group][series]}; {@code NaN} draws no bar and writes "n/a"
     * @param logScale a logarithmic y axis (powers of ten), for latencies whose tails dwarf their medians
     */
    public record Panel(String title, String unit, List<String> groups, List<Series> series, double[][] values,
            boolean logScale) {
        public Panel {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(unit, "unit");
            groups = List.copyOf(groups);
            series = List.copyOf(series);
            Objects.requireNonNull(values, "values");
            if (values.length != groups.size()) {
                throw new IllegalArgumentException("one row of values per group");
            }
            for (double[] row : values) {
                if (row.length != series.size()) {
                    throw new IllegalArgumentException("one value per series in every group");
                }
            }
        }
    }

    /** The SVG document. */
    public static String render(String title, List<Panel> panels) {
        Objects.requireNonNull(title, "title");
        int height = TITLE_HEIGHT + panels.size() * (PANEL_HEIGHT + PANEL_TOP + PANEL_BOTTOM);
        StringBuilder svg = new StringBuilder(8192);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\">\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(svg, WIDTH / 2.0, 26, "middle", 18, "bold", title);
        int top = TITLE_HEIGHT;
        for (Panel panel : panels) {
            panel(svg, panel, top);
            top += PANEL_HEIGHT + PANEL_TOP + PANEL_BOTTOM;
        }
        return svg.append("</svg>\n").toString();
    }

    private static void panel(StringBuilder svg, Panel panel, int top) {
        double plotTop = top + PANEL_TOP;
        double plotBottom = plotTop + PANEL_HEIGHT;
        double plotWidth = WIDTH - LEFT - RIGHT;
        text(svg, LEFT, top + 18, "start", 14, "bold", panel.title());
        legend(svg, panel.series(), top + 34);
        Axis axis = panel.logScale() ? Axis.log(panel.values()) : Axis.linear(niceMax(panel.values()));
        for (double value : axis.ticks()) {
            double y = plotBottom - PANEL_HEIGHT * axis.fraction(value);
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
                    LEFT, y, WIDTH - RIGHT, y));
            text(svg, LEFT - 6, y + 4, "end", 11, "normal", format(value));
        }
        svg.append(String.format(Locale.ROOT,
                "<text x=\"16\" y=\"%.1f\" %s font-size=\"11\" text-anchor=\"middle\" "
                        + "transform=\"rotate(-90 16 %.1f)\">%s</text>\n",
                (plotTop + plotBottom) / 2, FONT, (plotTop + plotBottom) / 2, escape(panel.unit())));
        int groups = panel.groups().size();
        int series = panel.series().size();
        double groupWidth = plotWidth / Math.max(1, groups);
        double barWidth = groupWidth * 0.8 / Math.max(1, series);
        for (int g = 0; g < groups; g++) {
            double groupLeft = LEFT + g * groupWidth + groupWidth * 0.1;
            for (int s = 0; s < series; s++) {
                double value = panel.values()[g][s];
                double x = groupLeft + s * barWidth;
                double centre = x + barWidth / 2;
                if (Double.isNaN(value)) {
                    text(svg, centre, plotBottom - 4, "middle", 10, "normal", "n/a");
                    continue;
                }
                double barHeight = PANEL_HEIGHT * axis.fraction(value);
                svg.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %s</title>"
                                + "</rect>\n",
                        x + 1, plotBottom - barHeight, Math.max(1, barWidth - 2), barHeight,
                        escape(panel.series().get(s).color()), escape(panel.series().get(s).name()),
                        format(value)));
                text(svg, centre, plotBottom - barHeight - 4, "middle", 10, "normal", format(value));
            }
            text(svg, LEFT + g * groupWidth + groupWidth / 2, plotBottom + 18, "middle", 12, "normal",
                    panel.groups().get(g));
        }
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
                LEFT, plotBottom, WIDTH - RIGHT, plotBottom));
    }

    private static void legend(StringBuilder svg, List<Series> series, double y) {
        double x = LEFT;
        double row = y;
        for (Series s : series) {
            double width = 24 + 6.5 * s.name().length();
            if (x > LEFT && x + width > WIDTH - RIGHT) {
                x = LEFT;
                row += LEGEND_ROW;
            }
            svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", x, row - 9,
                    escape(s.color())));
            text(svg, x + 14, row, "start", 11, "normal", s.name());
            x += width;
        }
    }

    /** Where a value sits on the y axis, as a fraction of its height, and which values get a grid line. */
    record Axis(boolean log, double low, double high) {

        static Axis linear(double top) {
            return new Axis(false, 0, top);
        }

        /** From the power of ten at or below the smallest positive value to the one at or above the largest. */
        static Axis log(double[][] values) {
            double min = Double.MAX_VALUE;
            double max = 0;
            for (double[] row : values) {
                for (double value : row) {
                    if (!Double.isNaN(value) && value > 0) {
                        min = Math.min(min, value);
                        max = Math.max(max, value);
                    }
                }
            }
            if (max == 0) {
                return new Axis(true, 1, 10);
            }
            double low = Math.pow(10, Math.floor(Math.log10(min)));
            double high = Math.pow(10, Math.ceil(Math.log10(max)));
            return new Axis(true, low, high > low ? high : low * 10);
        }

        double fraction(double value) {
            if (!log) {
                return value / high;
            }
            if (value <= low) {
                return 0;
            }
            return (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (log) {
                for (double value = low; value <= high * 1.0001; value *= 10) {
                    ticks.add(value);
                }
            } else {
                for (int i = 0; i <= TICKS; i++) {
                    ticks.add(high * i / TICKS);
                }
            }
            return ticks;
        }
    }

    /** The top of the y axis: the largest value rounded up to 1, 2, 2.5 or 5 times a power of ten. */
    static double niceMax(double[][] values) {
        double max = 0;
        for (double[] row : values) {
            for (double value : row) {
                if (!Double.isNaN(value)) {
                    max = Math.max(max, value);
                }
            }
        }
        if (max <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= max) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    static String format(double value) {
        if (value >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, value >= 10 ? "%.1f" : "%.2f", value);
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, int size, String weight,
            String content) {
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" %s font-size=\"%d\" font-weight=\"%s\" text-anchor=\"%s\">%s</text>\n",
                x, y, FONT, size, weight, anchor, escape(content)));
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
