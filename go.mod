module github.com/kirin-shogi/kirin

go 1.26.8

require (
	github.com/dgryski/go-farm v0.0.0-20240924180020-3414d57e47da
	github.com/pkg/profile v1.7.0
)

require (
	github.com/felixge/fgprof v0.9.3 // indirect
	github.com/google/pprof v0.0.0-20211214055906-6f57359322fd // indirect
)
