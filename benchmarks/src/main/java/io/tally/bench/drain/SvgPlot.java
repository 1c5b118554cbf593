package io.tally.bench.drain;

import io.tally.exec.AggregateConfig.EmitMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws pool and live memory over time (build, then drain) for each drain shape as an SVG grid of
 * small charts, one per (groups, key, agg), both emit modes in each. Lines are decimated to at most
 * one point per horizontal pixel, keeping each pixel's maximum so peaks survive.
 *
 * <p>Panel geometry: {@link #PANEL_W} × {@link #PANEL_H} pixels, plot area inset by {@link
 * #LEFT}/{@link #RIGHT}/{@link #TOP}/{@link #BOTTOM}; {@link #COLS} panels per row.
 */
final class SvgPlot {
    static final int PANEL_W = 460;
    static final int PANEL_H = 260;
    static final int LEFT = 64;
    static final int RIGHT = 16;
    static final int TOP = 28;
    static final int BOTTOM = 40;
    static final int COLS = 2;
    static final int LEGEND_H = 56;
    private static final int TICKS = 4;
    private static final double MIB = 1024.0 * 1024.0;
    private static final String[] COLORS = {"#1f77b4", "#d62728"};

    private SvgPlot() {}

    static String render(List<DrainResult> results, String machine) {
        Map<String, List<DrainResult>> panels = new LinkedHashMap<>();
        for (DrainResult r : results) {
            panels.computeIfAbsent(
                            r.groups()
                                    + " groups, key "
                                    + r.key().cliName()
                                    + ", agg "
                                    + r.agg().cliName(),
                            k -> new ArrayList<>())
                    .add(r);
        }
        int rows = (panels.size() + COLS - 1) / COLS;
        int width = COLS * PANEL_W;
        int height = LEGEND_H + rows * PANEL_H;
        StringBuilder svg = new StringBuilder();
        svg.append(
                String.format(
                        Locale.ROOT,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
                        width,
                        height,
                        width,
                        height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        legend(svg, machine);
        int i = 0;
        for (Map.Entry<String, List<DrainResult>> e : panels.entrySet()) {
            panel(
                    svg,
                    e.getKey(),
                    e.getValue(),
                    (i % COLS) * PANEL_W,
                    LEGEND_H + (i / COLS) * PANEL_H);
            i++;
        }
        return svg.append("</svg>\n").toString();
    }

    private static void legend(StringBuilder svg, String machine) {
        text(
                svg,
                8,
                14,
                "start",
                "Tally drain: pool (solid) and live (dashed) memory, MiB, over ms since the first sink; "
                        + "vertical line = input exhausted",
                12);
        int x = 8;
        for (EmitMode mode : EmitMode.values()) {
            svg.append(
                    String.format(
                            Locale.ROOT,
                            "<line x1=\"%d\" y1=\"30\" x2=\"%d\" y2=\"30\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                            x,
                            x + 24,
                            COLORS[mode.ordinal()]));
            text(svg, x + 28, 34, "start", "emit=" + DrainReport.mode(mode), 11);
            x += 110;
        }
        text(svg, 8, 50, "start", escape(machine), 10);
    }

    private static void panel(
            StringBuilder svg, String title, List<DrainResult> runs, int ox, int oy) {
        double maxMs = 1;
        double maxMib = 1;
        for (DrainResult r : runs) {
            MemoryTrace t = r.trace();
            maxMs =
                    Math.max(
                            maxMs,
                            t.nanos().length == 0 ? 0 : t.nanos()[t.nanos().length - 1] / 1e6);
            maxMib = Math.max(maxMib, Math.max(t.peakPool(), t.peakLive()) / MIB);
        }
        maxMib *= 1.05;
        int w = PANEL_W - LEFT - RIGHT;
        int h = PANEL_H - TOP - BOTTOM;
        int x0 = ox + LEFT;
        int y0 = oy + TOP;
        text(svg, ox + PANEL_W / 2, oy + 16, "middle", title, 12);
        svg.append(
                String.format(
                        Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>\n",
                        x0,
                        y0,
                        w,
                        h));
        for (int k = 0; k <= TICKS; k++) {
            int ty = y0 + h - k * h / TICKS;
            int tx = x0 + k * w / TICKS;
            svg.append(
                    String.format(
                            Locale.ROOT,
                            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n",
                            x0,
                            ty,
                            x0 + w,
                            ty));
            text(svg, x0 - 4, ty + 4, "end", num(maxMib * k / TICKS), 10);
            text(svg, tx, y0 + h + 14, "middle", num(maxMs * k / TICKS), 10);
        }
        text(svg, x0 + w / 2, y0 + h + 30, "middle", "ms", 10);
        text(svg, ox + 12, y0 + h / 2, "middle", "MiB", 10);
        for (DrainResult r : runs) {
            String color = COLORS[r.emit().ordinal()];
            double fx = x0 + r.finishAtNanos() / 1e6 / maxMs * w;
            svg.append(
                    String.format(
                            Locale.ROOT,
                            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                                    + "stroke-dasharray=\"2,3\" stroke-opacity=\"0.6\"/>\n",
                            fx,
                            y0,
                            fx,
                            y0 + h,
                            color));
            polyline(
                    svg,
                    r.trace().nanos(),
                    r.trace().pool(),
                    maxMs,
                    maxMib,
                    x0,
                    y0,
                    w,
                    h,
                    color,
                    null);
            polyline(
                    svg,
                    r.trace().nanos(),
                    r.trace().live(),
                    maxMs,
                    maxMib,
                    x0,
                    y0,
                    w,
                    h,
                    color,
                    "6,3");
        }
    }

    private static void polyline(
            StringBuilder svg,
            long[] nanos,
            long[] bytes,
            double maxMs,
            double maxMib,
            int x0,
            int y0,
            int w,
            int h,
            String color,
            String dash) {
        double[] perPixel = new double[w + 1];
        boolean[] set = new boolean[w + 1];
        for (int i = 0; i < nanos.length; i++) {
            int px = (int) Math.min(w, Math.round(nanos[i] / 1e6 / maxMs * w));
            perPixel[px] = set[px] ? Math.max(perPixel[px], bytes[i] / MIB) : bytes[i] / MIB;
            set[px] = true;
        }
        StringBuilder points = new StringBuilder();
        for (int px = 0; px <= w; px++) {
            if (set[px]) {
                points.append(
                        String.format(
                                Locale.ROOT,
                                "%d,%.1f ",
                                x0 + px,
                                y0 + h - perPixel[px] / maxMib * h));
            }
        }
        svg.append("<polyline fill=\"none\" stroke=\"")
                .append(color)
                .append("\" stroke-width=\"1.5\"")
                .append(dash == null ? "" : " stroke-dasharray=\"" + dash + "\"")
                .append(" points=\"")
                .append(points.toString().trim())
                .append("\"/>\n");
    }

    private static void text(
            StringBuilder svg, double x, double y, String anchor, String s, int size) {
        svg.append(
                String.format(
                        Locale.ROOT,
                        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>\n",
                        x,
                        y,
                        anchor,
                        size,
                        s));
    }

    private static String num(double v) {
        return v >= 100
                ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
