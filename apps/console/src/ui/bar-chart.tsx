/**
 * A small hand-drawn SVG bar chart (no chart library: it would cost more than the whole console). Each bar
 * carries its value as a title, and the table beneath gives the same figures to screen readers.
 */
export function BarChart(props: { title: string; points: { label: string; value: number; text: string }[] }) {
  const width = 720;
  const height = 220;
  const max = Math.max(1, ...props.points.map((p) => p.value));
  const slot = width / Math.max(1, props.points.length);
  return (
    <figure className="chart">
      <figcaption>{props.title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        role="img"
        aria-label={props.title}
        preserveAspectRatio="none"
      >
        <line x1={0} y1={height} x2={width} y2={height} stroke="currentColor" strokeOpacity={0.3} />
        {props.points.map((p, i) => {
          const h = Math.max(0, Math.round((p.value / max) * (height - 10))); // a net loss draws no bar
          return (
            <rect
              key={p.label}
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={h}
              className="bar"
            >
              <title>
                {p.label}: {p.text}
              </title>
            </rect>
          );
        })}
        {[0, props.points.length - 1].map((i) =>
          props.points[i] ? (
            <text
              key={i}
              x={i === 0 ? 0 : width}
              y={height + 18}
              textAnchor={i === 0 ? "start" : "end"}
              fontSize={12}
            >
              {props.points[i].label}
            </text>
          ) : null,
        )}
      </svg>
      <div className="sr-only">
        <table>
          <tbody>
            {props.points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
