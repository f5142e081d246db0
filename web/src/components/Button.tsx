import type { ReactNode } from "react";
import { ExternalLink } from "@/components/ExternalLink";
import styles from "./Button.module.css";

type Variant = "primary" | "secondary" | "tertiary";

interface Common {
  children: ReactNode;
  variant?: Variant;
  className?: string;
}

interface ToProps extends Common {
  to: string;
}

/** A file to download (the spec's download flag) or an outbound link. */
interface HrefProps extends Common {
  href: string;
  download?: boolean;
  external?: boolean;
}

interface ActionProps extends Common {
  onClick: () => void;
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
  "aria-haspopup"?: "dialog";
}

export type ButtonProps = ToProps | HrefProps | ActionProps;

function Arrow() {
  return (
    <svg className={styles.arrow} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M4 12h15m-6-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The site's button: a page link, download, outbound link or action, in one of three styles. */
export function Button({ children, variant = "primary", className, ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(" ");
  const content = (
    <>
      <span>{children}</span>
      {variant === "tertiary" && <Arrow />}
    </>
  );
  if ("to" in props) {
    return (
      <a href={props.to} className={classes}>
        {content}
      </a>
    );
  }
  if ("href" in props) {
    if (props.external ?? /^https?:/.test(props.href)) {
      return (
        <ExternalLink href={props.href} className={classes}>
          {content}
        </ExternalLink>
      );
    }
    return (
      <a href={props.href} className={classes} download={props.download ? "" : undefined}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={classes} {...props}>
      {content}
    </button>
  );
}
