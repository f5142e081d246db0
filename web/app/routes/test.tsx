import { redirect } from "react-router";

// The specification sends /test to the home page. The server answers 301; this
// covers a client-side navigation to /test.
export function clientLoader() {
  return redirect("/");
}

export default function TestRedirect() {
  return null;
}
