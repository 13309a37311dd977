module oz0.dev/pkg/toolcost

go 1.19
