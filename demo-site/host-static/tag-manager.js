// A stand-in for Google Tag Manager's container, for /tag-manager.html: after the page has
// loaded, it fires a Custom HTML tag the way GTM does. The tag's HTML (the widget's snippet, as
// a company pastes it into the tag) is parsed off-document, where its scripts do not run, and
// each script is then re-created as a new element with the same attributes and appended to the
// body, so it runs as a script inserted by another script, long after the page's own scripts.
(function () {
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  function fireCustomHtmlTag() {
    var template = document.getElementById("gtm-custom-html");
    if (!template) return;
    var holder = document.createElement("div");
    holder.innerHTML = template.innerHTML;
    Array.prototype.forEach.call(holder.querySelectorAll("script"), function (original) {
      var script = document.createElement("script");
      Array.prototype.forEach.call(original.attributes, function (attribute) {
        script.setAttribute(attribute.name, attribute.value);
      });
      script.text = original.text;
      document.body.appendChild(script);
    });
    dataLayer.push({ event: "gtm.load" });
    document.documentElement.setAttribute("data-tag-fired", "");
  }
  function afterLoad() {
    setTimeout(fireCustomHtmlTag, 300);
  }
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad);
})();
