import { type IconProps, Svg } from "../icons.tsx";

export function PauseIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </Svg>
  );
}
