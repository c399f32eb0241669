// The limits of a lawn outline (lawn-outline.ts), alone in a file so the widget and the tool can
// read them without bundling the outline's schema.

/** The outline as JSON text, at most: 20 shapes of 200 points fit with room to spare. */
export const MAX_OUTLINE_CHARS = 100_000;
export const MAX_OUTLINE_SHAPES = 20;
export const MAX_SHAPE_POINTS = 200;
