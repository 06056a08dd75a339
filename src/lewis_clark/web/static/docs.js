// /docs: Swagger UI (vendored in swagger-ui/) on this server's /openapi.json. A file, not an inline
// script, so the page keeps the policy every page has (no inline script, nothing from another site).
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null, // the public validator would be a request to another site
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
});
