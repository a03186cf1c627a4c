package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class SvgBarChartTest {

    @Test
    void drawsOneBarPerValueAndNotApplicableForMissingOnes() throws Exception {
        SvgBarChart.Panel panel = new SvgBarChart.Panel("Throughput <req/s> & more", "req/s",
                List.of("1 connection", "16 connections"),
                List.of(new SvgBarChart.Series("direct", "#111111"), new SvgBarChart.Series("bridge", "#222222")),
                new double[][] {{100, Double.NaN}, {250, Double.NaN}}, false);

        Document svg = parse(SvgBarChart.render("Title", List.of(panel)));

        NodeList rects = svg.getElementsByTagName("rect");
        long bars = 0;
        for (int i = 0; i < rects.getLength(); i++) {
            if (rects.item(i).getTextContent().startsWith("direct: ")) {
                bars++;
            }
        }
        assertThat(bars).isEqualTo(2);
        assertThat(svg.getDocumentElement().getTextContent()).contains("n/a", "Throughput <req/s> & more", "250");
    }

    @Test
    void panelsStackAndTheDocumentGrowsWithThem() throws Exception {
        SvgBarChart.Panel panel = new SvgBarChart.Panel("p", "u", List.of("g"),
                List.of(new SvgBarChart.Series("s", "#000000")), new double[][] {{1}}, false);
        int one = Integer.parseInt(parse(SvgBarChart.render("t", List.of(panel))).getDocumentElement()
                .getAttribute("height"));
        int two = Integer.parseInt(parse(SvgBarChart.render("t", List.of(panel, panel))).getDocumentElement()
                .getAttribute("height"));
        assertThat(two).isGreaterThan(one);
    }

    @Test
    void theSampleRunChartIsWellFormedAndNamesEveryScenario() throws Exception {
        Document svg = parse(LoadChart.render(SampleResults.typical()));
        assertThat(svg.getDocumentElement().getTextContent()).contains("direct", "nginx proxy_pass",
                "Eragate pass-through", "Eragate bridge, warm pooled session (not measured)",
                "open loop at 9,500 req/s");
    }

    static Stream<Arguments> logPositions() {
        return Stream.of(Arguments.of(10.0, 0.0), Arguments.of(100.0, 0.5), Arguments.of(1_000.0, 1.0),
                Arguments.of(5.0, 0.0));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("logPositions")
    void aLogAxisSpansThePowersOfTenAroundTheValues(double value, double fraction) {
        SvgBarChart.Axis axis = SvgBarChart.Axis.log(new double[][] {{23.7, Double.NaN, 1_000}});
        assertThat(axis.ticks()).containsExactly(10.0, 100.0, 1_000.0);
        assertThat(axis.fraction(value)).isCloseTo(fraction, offset(1e-9));
    }

    static Stream<Arguments> axisTops() {
        return Stream.of(Arguments.of(0.0, 1.0), Arguments.of(7.0, 10.0), Arguments.of(12.0, 20.0),
                Arguments.of(2_400.0, 2_500.0), Arguments.of(41_469.0, 50_000.0), Arguments.of(100.0, 100.0));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("axisTops")
    void theAxisEndsOnARoundNumberAtOrAboveTheLargestValue(double largest, double top) {
        assertThat(SvgBarChart.niceMax(new double[][] {{largest, Double.NaN}})).isEqualTo(top);
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}
