// echarts with only what the console draws: bar and line charts on a grid, tooltip, legend and the aria component
// (a generated description of each chart for screen readers), drawn as SVG. Imported only by chart pages.
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, AriaComponent, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
