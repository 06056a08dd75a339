// The How to play page: the server wrote it in one language; show it in the page language (lang.js)
// and put the EN | HU switch into its header.
import { addressIn, langSwitch, pageLang } from "./lang.js";

const wanted = pageLang();
if (!new URLSearchParams(location.search).has("lang") && wanted !== document.documentElement.lang) {
  location.replace(addressIn(wanted));
} else {
  langSwitch(document.body.dataset.languageLabel);
}
