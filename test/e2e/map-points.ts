// Where a tap on our measuring tool's map lands on the ground (issue 33): the e2e files that draw
// in it (measure-tool.test.ts, engine-measure.test.ts) hold the tool's figures to the geodesic
// size of what they tapped, computed from these points.

/** A point of the tool's map (CSS px from the map's centre) as [lng, lat], by web-mercator at the page's zoom. */
export function lngLatAt(centre: [number, number], zoom: number, dx: number, dy: number): [number, number] {
  const world = 256 * 2 ** zoom;
  const [lng, lat] = centre;
  const rad = (lat * Math.PI) / 180;
  const x = ((lng + 180) / 360) * world + dx;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * world + dy;
  const n = Math.PI - (2 * Math.PI * y) / world;
  return [(x / world) * 360 - 180, (180 / Math.PI) * Math.atan(Math.sinh(n))];
}
