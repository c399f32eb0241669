// docs/install.md is bundled into the console as text (build.mjs: loader ".md": "text").
declare module "*.md" {
  const text: string;
  export default text;
}
