; Stockroom's NSIS additions (electron-builder `nsis.include`, electron-builder.yml).
;
; Counting together live (docs/decisions/0013): while a count is hosted, other PCs of the shop connect to
; this one on TCP 47613 (DEFAULT_LIVE_PORT, src-main/live-count/live-count.service.ts; every count hosted on
; the PC shares it). The rule admits Stockroom's own program on that port, inbound, on private networks
; only: never on a public or domain profile (a café's Wi-Fi, a laptop on the road). netsh needs an
; elevated installer; when the installer runs without one the commands fail harmlessly and Windows asks
; the first time a count is hosted (the app's join error says to allow Stockroom on private networks).
; tests/app/installer-firewall.test.ts holds this file to these rules (the installer cannot run there).

!define STOCKROOM_LIVE_RULE "Stockroom live count"
!define STOCKROOM_LIVE_PORT "47613"

!macro customInstall
  ; An update runs the installer again: delete first so that the rule is never doubled.
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="${STOCKROOM_LIVE_RULE}" profile=private'
  Pop $0
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="${STOCKROOM_LIVE_RULE}" dir=in action=allow protocol=TCP localport=${STOCKROOM_LIVE_PORT} profile=private program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" enable=yes'
  Pop $0
!macroend

!macro customUnInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="${STOCKROOM_LIVE_RULE}" profile=private'
  Pop $0
!macroend
