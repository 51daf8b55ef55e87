module github.com/kirin-shogi/kirin

go 1.26.8

require (
	github.com/chromedp/cdproto v0.0.0-20260714215040-dc233986426f
	github.com/chromedp/chromedp v0.16.0
	github.com/dgryski/go-farm v0.0.0-20240924180020-3414d57e47da
	github.com/pkg/profile v1.7.0
)

require (
	github.com/chromedp/sysutil v1.1.0 // indirect
	github.com/felixge/fgprof v0.9.3 // indirect
	github.com/go-json-experiment/json v0.0.0-20260623181947-01eb4420fa68 // indirect
	github.com/gobwas/httphead v0.1.0 // indirect
	github.com/gobwas/pool v0.2.1 // indirect
	github.com/gobwas/ws v1.4.0 // indirect
	github.com/google/pprof v0.0.0-20211214055906-6f57359322fd // indirect
	golang.org/x/sys v0.47.0 // indirect
)
